/// The positions of every change, stage by stage, worked out from a ``Matching``.
///
/// Moves are minimal: among the elements that stay in their section, those on a longest
/// increasing subsequence of source positions keep their place and only the others
/// move; elements changing section always move. Sections likewise.
@usableFromInline
internal struct StageChanges {
    /// Stage 1: updated elements, at source paths.
    @usableFromInline internal var elementUpdated: [ElementPath] = []
    /// Stage 2: deleted sections, at source indices.
    @usableFromInline internal var sectionDeleted: [Int] = []
    /// Stage 2: deleted elements of kept sections, at source paths.
    @usableFromInline internal var elementDeleted: [ElementPath] = []
    /// Stage 3: inserted sections, at target indices.
    @usableFromInline internal var sectionInserted: [Int] = []
    /// Stage 3: moved sections, from their index after the deletes to their target index.
    @usableFromInline internal var sectionMoved: [(source: Int, target: Int)] = []
    /// Stage 4: inserted elements of kept sections, at target paths.
    @usableFromInline internal var elementInserted: [ElementPath] = []
    /// Stage 4: moved elements, from their path after stage 3 to their target path.
    @usableFromInline internal var elementMoved: [(source: ElementPath, target: ElementPath)] = []
    /// Stage 5: updated sections, at target indices.
    @usableFromInline internal var sectionUpdated: [Int] = []

    /// - Parameters:
    ///   - elementUpdated: for each source element, whether its matched target differs.
    ///   - sectionUpdated: for each target section, whether it differs from its source.
    @usableFromInline
    internal init(
        matching: Matching, source: KeyedSections, target: KeyedSections,
        elementUpdated: [Bool], sectionUpdated: [Bool]
    ) {
        let afterDeletes = collectDeletesAndUpdates(matching: matching, source: source, elementUpdated: elementUpdated)
        let keptSections = collectSectionChanges(
            matching: matching, target: target, sectionUpdated: sectionUpdated,
            sectionAfterDeletes: afterDeletes.sections
        )
        for section in keptSections {
            collectElementChanges(
                in: section, matching: matching, source: source, target: target,
                elementAfterDeletes: afterDeletes.elements
            )
        }
    }

    /// Lists the deletes (stage 2) and element updates (stage 1); returns the position of
    /// every kept source section and element once the deletes are applied.
    private mutating func collectDeletesAndUpdates(
        matching: Matching, source: KeyedSections, elementUpdated: [Bool]
    ) -> (sections: [Int], elements: [Int]) {
        var sectionAfterDeletes = [Int](repeating: -1, count: source.sectionKeys.count)
        var elementAfterDeletes = [Int](repeating: -1, count: source.elementKeys.count)
        var keptSections = 0
        for section in source.sectionKeys.indices {
            guard matching.sectionTarget[section] >= 0 else {
                sectionDeleted.append(section)
                continue
            }
            sectionAfterDeletes[section] = keptSections
            keptSections += 1
            let start = source.elementStarts[section]
            var keptElements = 0
            for element in start..<source.elementStarts[section + 1] {
                let path = ElementPath(element: element - start, section: section)
                if matching.elementTarget[element] < 0 {
                    elementDeleted.append(path)
                    continue
                }
                if elementUpdated[element] { self.elementUpdated.append(path) }
                elementAfterDeletes[element] = keptElements
                keptElements += 1
            }
        }
        return (sectionAfterDeletes, elementAfterDeletes)
    }

    /// Lists section inserts, moves (stage 3) and updates (stage 5); returns the target
    /// indices of the kept sections.
    private mutating func collectSectionChanges(
        matching: Matching, target: KeyedSections, sectionUpdated: [Bool], sectionAfterDeletes: [Int]
    ) -> [Int] {
        var keptTargets: [Int] = []
        var keptSources: [Int] = []
        for section in target.sectionKeys.indices {
            let sourceSection = matching.sectionSource[section]
            guard sourceSection >= 0 else {
                sectionInserted.append(section)
                continue
            }
            keptTargets.append(section)
            keptSources.append(sectionAfterDeletes[sourceSection])
            if sectionUpdated[section] { self.sectionUpdated.append(section) }
        }
        let inPlace = longestIncreasingSubsequence(of: keptSources)
        for kept in keptTargets.indices where !inPlace[kept] {
            sectionMoved.append((source: keptSources[kept], target: keptTargets[kept]))
        }
        return keptTargets
    }

    /// Lists the element inserts and moves (stage 4) into the kept target `section`.
    private mutating func collectElementChanges(
        in section: Int, matching: Matching, source: KeyedSections, target: KeyedSections,
        elementAfterDeletes: [Int]
    ) {
        let sourceSection = matching.sectionSource[section]
        let elements = target.elementStarts[section]..<target.elementStarts[section + 1]
        // Source positions of the elements staying in this section, in target order.
        var stayingSources: [Int] = []
        for element in elements {
            let sourceElement = matching.elementSource[element]
            if sourceElement >= 0 && source.sectionOfElement[sourceElement] == sourceSection {
                stayingSources.append(sourceElement)
            }
        }
        let inPlace = longestIncreasingSubsequence(of: stayingSources)
        var staying = 0
        for element in elements {
            let path = ElementPath(element: element - elements.lowerBound, section: section)
            let sourceElement = matching.elementSource[element]
            guard sourceElement >= 0 else {
                elementInserted.append(path)
                continue
            }
            let elementSection = source.sectionOfElement[sourceElement]
            if elementSection == sourceSection {
                staying += 1
                if inPlace[staying - 1] { continue }
            }
            let from = ElementPath(element: elementAfterDeletes[sourceElement], section: matching.sectionTarget[elementSection])
            elementMoved.append((source: from, target: path))
        }
    }
}
