extension StagedChangeset where Collection: RangeReplaceableCollection, Collection.Element: Differentiable {
    /// The stages that turn `source` into `target`, a linear collection.
    ///
    /// At most three stages, each left out when empty: element updates (at source
    /// indices), element deletes (at source indices), then element inserts (at target
    /// indices) with moves (from indices after the deletes). Paths use section 0.
    @inlinable
    public init(source: Collection, target: Collection) {
        let input = DiffInput<Never, Collection.Element>(linear: ContiguousArray(source), ContiguousArray(target))
        let matching = input.matching
        let changes = StageChanges(
            matching: matching, source: input.source.keys, target: input.target.keys,
            elementUpdated: input.elementUpdates(), sectionUpdated: [false]
        )

        var stages = ContiguousArray<Changeset<Collection>>()
        var current = input.source.elements[0]
        if !changes.elementUpdated.isEmpty {
            for path in changes.elementUpdated {
                current[path.element] = input.target.elements[0][matching.elementTarget[path.element]]
            }
            stages.append(Changeset(data: Collection(current), elementUpdated: changes.elementUpdated))
        }
        if !changes.elementDeleted.isEmpty {
            var kept = Collection()
            kept.reserveCapacity(current.count - changes.elementDeleted.count)
            for index in current.indices where matching.elementTarget[index] >= 0 { kept.append(current[index]) }
            stages.append(Changeset(data: kept, elementDeleted: changes.elementDeleted))
        }
        if !changes.elementInserted.isEmpty || !changes.elementMoved.isEmpty {
            stages.append(Changeset(
                data: target, elementInserted: changes.elementInserted, elementMoved: changes.elementMoved
            ))
        }
        if !stages.isEmpty { stages[stages.count - 1].data = target }
        self.init(stages)
    }

    /// The stages that turn `source` into `target`, a linear collection shown as section
    /// `section` of a sectioned view: DifferenceKit's `init(source:target:section:)`. The
    /// same stages as ``init(source:target:)``, with every path in `section`.
    @inlinable
    public init(source: Collection, target: Collection, section: Int) {
        self.init(source: source, target: target)
        guard section != 0 else { return }
        let moved = { (path: ElementPath) in ElementPath(element: path.element, section: section) }
        for index in changesets.indices {
            changesets[index].elementDeleted = changesets[index].elementDeleted.map(moved)
            changesets[index].elementInserted = changesets[index].elementInserted.map(moved)
            changesets[index].elementUpdated = changesets[index].elementUpdated.map(moved)
            changesets[index].elementMoved = changesets[index].elementMoved.map { (moved($0.source), moved($0.target)) }
        }
    }

    /// Replays every stage on `source`, in order: the target the stages were made for.
    ///
    /// Each stage applies to the data the stage before it leaves, so replaying the stages
    /// one by one goes `data = try stage.applied(to: data)`, never
    /// `stage.applied(to: source)` past the first stage. Only the element indices of the
    /// paths are read, so stages made with `init(source:target:section:)` replay too.
    @inlinable
    public func applied(to source: Collection) throws(ReplayError) -> Collection {
        try replayed(on: source) { stage, data throws(ReplayError) in try stage.applied(to: data) }
    }
}
