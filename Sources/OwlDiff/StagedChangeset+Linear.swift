extension StagedChangeset where Collection: RangeReplaceableCollection, Collection.Element: Differentiable {
    /// The stages that turn `source` into `target`, a linear collection.
    ///
    /// At most three stages, each left out when empty: element updates (at source
    /// indices), element deletes (at source indices), then element inserts (at target
    /// indices) with moves (from indices after the deletes). Paths use section 0.
    @inlinable
    public init(source: Collection, target: Collection) {
        let sourceElements = ContiguousArray(source)
        let targetElements = ContiguousArray(target)
        var identifiers = IdentifierTable<Collection.Element.DifferenceIdentifier>(capacity: sourceElements.count)
        let sourceKeys = KeyedSections(linear: sourceElements.map { identifiers.intern($0.differenceIdentifier) })
        let targetKeys = KeyedSections(linear: targetElements.map { identifiers.key(of: $0.differenceIdentifier) })
        let matching = Matching(
            source: sourceKeys, target: targetKeys, sectionKeyCount: 1, elementKeyCount: identifiers.count
        )
        let changes = StageChanges(
            matching: matching, source: sourceKeys, target: targetKeys,
            elementUpdated: matching.updates(from: sourceElements, to: targetElements),
            sectionUpdated: [false]
        )

        var stages = ContiguousArray<Changeset<Collection>>()
        var current = sourceElements
        if !changes.elementUpdated.isEmpty {
            for path in changes.elementUpdated {
                current[path.element] = targetElements[matching.elementTarget[path.element]]
            }
            stages.append(Changeset(data: Collection(current), elementUpdated: changes.elementUpdated))
        }
        if !changes.elementDeleted.isEmpty {
            let kept = current.indices.lazy.filter { matching.elementTarget[$0] >= 0 }.map { current[$0] }
            stages.append(Changeset(data: Collection(kept), elementDeleted: changes.elementDeleted))
        }
        if !changes.elementInserted.isEmpty || !changes.elementMoved.isEmpty {
            stages.append(Changeset(
                data: target, elementInserted: changes.elementInserted, elementMoved: changes.elementMoved
            ))
        }
        if !stages.isEmpty { stages[stages.count - 1].data = target }
        self.init(stages)
    }
}

extension Matching {
    /// For each source element, whether its matched target element's content differs.
    @inlinable
    internal func updates<Element: ContentEquatable>(
        from source: ContiguousArray<Element>, to target: ContiguousArray<Element>
    ) -> [Bool] {
        var updated = [Bool](repeating: false, count: source.count)
        for targetIndex in target.indices {
            let sourceIndex = elementSource[targetIndex]
            if sourceIndex >= 0 && !target[targetIndex].isContentEqual(to: source[sourceIndex]) {
                updated[sourceIndex] = true
            }
        }
        return updated
    }
}
