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
        let sourceSectionOfElement = source.sectionOfElement
        // Source positions once the deletes are applied.
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

        var keptSectionTargets: [Int] = []
        var keptSectionSources: [Int] = []
        for section in target.sectionKeys.indices {
            let sourceSection = matching.sectionSource[section]
            guard sourceSection >= 0 else {
                sectionInserted.append(section)
                continue
            }
            keptSectionTargets.append(section)
            keptSectionSources.append(sectionAfterDeletes[sourceSection])
            if sectionUpdated[section] { self.sectionUpdated.append(section) }
        }
        let sectionsInPlace = longestIncreasingSubsequence(of: keptSectionSources)
        for kept in keptSectionTargets.indices where !sectionsInPlace[kept] {
            sectionMoved.append((source: keptSectionSources[kept], target: keptSectionTargets[kept]))
        }

        for section in keptSectionTargets {
            let sourceSection = matching.sectionSource[section]
            let start = target.elementStarts[section]
            let end = target.elementStarts[section + 1]
            // Source positions of the elements staying in this section, in target order.
            var stayingSources: [Int] = []
            for element in start..<end {
                let sourceElement = matching.elementSource[element]
                if sourceElement >= 0 && sourceSectionOfElement[sourceElement] == sourceSection {
                    stayingSources.append(sourceElement)
                }
            }
            let inPlace = longestIncreasingSubsequence(of: stayingSources)
            var staying = 0
            for element in start..<end {
                let path = ElementPath(element: element - start, section: section)
                let sourceElement = matching.elementSource[element]
                guard sourceElement >= 0 else {
                    elementInserted.append(path)
                    continue
                }
                let elementSection = sourceSectionOfElement[sourceElement]
                if elementSection == sourceSection {
                    staying += 1
                    if inPlace[staying - 1] { continue }
                }
                let from = ElementPath(
                    element: elementAfterDeletes[sourceElement],
                    section: matching.sectionTarget[elementSection]
                )
                elementMoved.append((source: from, target: path))
            }
        }
    }
}
