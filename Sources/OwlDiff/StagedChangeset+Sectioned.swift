extension StagedChangeset where Collection: RangeReplaceableCollection, Collection.Element: DifferentiableSection {
    /// The stages that turn `source` into `target`, a collection of sections.
    ///
    /// At most five stages, each left out when empty:
    /// 1. element updates, at source paths;
    /// 2. section deletes (source indices) and element deletes (source paths);
    /// 3. section inserts (target indices) and section moves;
    /// 4. element inserts (target paths) and element moves;
    /// 5. section updates (target indices).
    ///
    /// Inserted sections come with all their elements and deleted sections take theirs,
    /// so no element change is listed inside them. Elements move across sections.
    @inlinable
    public init(source: Collection, target: Collection) {
        typealias Section = Collection.Element
        let input = SectionedInput(source: source, target: target)
        let sourceSections = input.source.sections
        let targetSections = input.target.sections
        let sourceElements = input.source.elements
        let targetElements = input.target.elements
        let matching = input.matching
        var sectionUpdated = [Bool](repeating: false, count: targetSections.count)
        for section in targetSections.indices {
            let sourceSection = matching.sectionSource[section]
            if sourceSection >= 0 && !targetSections[section].isContentEqual(to: sourceSections[sourceSection]) {
                sectionUpdated[section] = true
            }
        }
        let changes = StageChanges(
            matching: matching, source: input.source.keys, target: input.target.keys,
            elementUpdated: matching.updates(from: sourceElements, to: targetElements),
            sectionUpdated: sectionUpdated
        )

        var stages = ContiguousArray<Changeset<Collection>>()
        // Every source element in its current version: updated ones take the target's.
        var current = sourceElements
        let sourceStarts = input.source.keys.elementStarts
        if !changes.elementUpdated.isEmpty {
            for path in changes.elementUpdated {
                let element = sourceStarts[path.section] + path.element
                current[element] = targetElements[matching.elementTarget[element]]
            }
            let data = Collection(sourceSections.indices.lazy.map { section in
                Section(source: sourceSections[section], elements: current[sourceStarts[section]..<sourceStarts[section + 1]])
            })
            stages.append(Changeset(data: data, elementUpdated: changes.elementUpdated))
        }

        // A kept source section with its elements after the deletes.
        func keptElements(of section: Int) -> Section {
            let range = sourceStarts[section]..<sourceStarts[section + 1]
            return Section(
                source: sourceSections[section],
                elements: range.lazy.filter { matching.elementTarget[$0] >= 0 }.map { current[$0] }
            )
        }
        if !changes.sectionDeleted.isEmpty || !changes.elementDeleted.isEmpty {
            let data = Collection(sourceSections.indices.lazy.filter { matching.sectionTarget[$0] >= 0 }.map(keptElements))
            stages.append(Changeset(
                data: data, sectionDeleted: changes.sectionDeleted, elementDeleted: changes.elementDeleted
            ))
        }
        if !changes.sectionInserted.isEmpty || !changes.sectionMoved.isEmpty {
            let data = Collection(targetSections.indices.lazy.map { section in
                let sourceSection = matching.sectionSource[section]
                return sourceSection >= 0 ? keptElements(of: sourceSection) : targetSections[section]
            })
            stages.append(Changeset(
                data: data, sectionInserted: changes.sectionInserted, sectionMoved: changes.sectionMoved
            ))
        }
        if !changes.elementInserted.isEmpty || !changes.elementMoved.isEmpty {
            let targetStarts = input.target.keys.elementStarts
            let data = Collection(targetSections.indices.lazy.map { section in
                let sourceSection = matching.sectionSource[section]
                guard sourceSection >= 0 else { return targetSections[section] }
                let range = targetStarts[section]..<targetStarts[section + 1]
                return Section(source: sourceSections[sourceSection], elements: range.lazy.map { element in
                    let sourceElement = matching.elementSource[element]
                    return sourceElement >= 0 ? current[sourceElement] : targetElements[element]
                })
            })
            stages.append(Changeset(
                data: data, elementInserted: changes.elementInserted, elementMoved: changes.elementMoved
            ))
        }
        if !changes.sectionUpdated.isEmpty {
            stages.append(Changeset(data: target, sectionUpdated: changes.sectionUpdated))
        }
        if !stages.isEmpty { stages[stages.count - 1].data = target }
        self.init(stages)
    }
}
