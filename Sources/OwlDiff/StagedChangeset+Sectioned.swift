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
        let input = DiffInput(sections: source, target)
        let changes = StageChanges(
            matching: input.matching, source: input.source.keys, target: input.target.keys,
            elementUpdated: input.elementUpdates(), sectionUpdated: input.sectionUpdates()
        )
        var data = SectionedStageData<Collection>(input)
        var stages = ContiguousArray<Changeset<Collection>>()
        if !changes.elementUpdated.isEmpty {
            data.update(changes.elementUpdated)
            stages.append(Changeset(data: data.updated(), elementUpdated: changes.elementUpdated))
        }
        if !changes.sectionDeleted.isEmpty || !changes.elementDeleted.isEmpty {
            stages.append(Changeset(
                data: data.afterDeletes(), sectionDeleted: changes.sectionDeleted, elementDeleted: changes.elementDeleted
            ))
        }
        if !changes.sectionInserted.isEmpty || !changes.sectionMoved.isEmpty {
            stages.append(Changeset(
                data: data.afterSectionChanges(),
                sectionInserted: changes.sectionInserted, sectionMoved: changes.sectionMoved
            ))
        }
        if !changes.elementInserted.isEmpty || !changes.elementMoved.isEmpty {
            stages.append(Changeset(
                data: data.afterElementChanges(),
                elementInserted: changes.elementInserted, elementMoved: changes.elementMoved
            ))
        }
        if !changes.sectionUpdated.isEmpty {
            stages.append(Changeset(data: target, sectionUpdated: changes.sectionUpdated))
        }
        if !stages.isEmpty { stages[stages.count - 1].data = target }
        self.init(stages)
    }

    /// Replays every stage on `source`, in order: the target the stages were made for.
    ///
    /// Each stage applies to the data the stage before it leaves, so replaying the stages
    /// one by one goes `data = try stage.applied(to: data)`, never
    /// `stage.applied(to: source)` past the first stage.
    @inlinable
    public func applied(to source: Collection) throws(ReplayError) -> Collection {
        try replayed(on: source) { stage, data throws(ReplayError) in try stage.applied(to: data) }
    }
}
