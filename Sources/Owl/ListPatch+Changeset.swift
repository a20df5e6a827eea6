import OwlDiff

extension ListPatch {
    /// The patch of the list `id` for `changeset`, the staged changeset from `source` to
    /// the list's new sections: how ``Director/reload(afterUpdate:)`` builds it from two
    /// renders, and OwlSite from two build manifests.
    ///
    /// Identifiers are read from the data each stage starts from; new HTML from the values
    /// each stage leaves: the outer HTML of a section with all its cells (`sectionHTML`),
    /// of a section with its cells container emptied (`sectionShell`), of a cell
    /// (`elementHTML`). Throws ``ReplayError`` when a position of the changeset is not in
    /// its data.
    public init<Model: Differentiable, Element: Differentiable>(
        id: String,
        source: [ArraySection<Model, Element>],
        changeset: StagedChangeset<[ArraySection<Model, Element>]>,
        sectionHTML: (Model) throws -> String,
        sectionShell: (Model) throws -> String,
        elementHTML: (Element) throws -> String
    ) throws where Model.DifferenceIdentifier == String, Element.DifferenceIdentifier == String {
        var previous = source
        var stages: [Stage] = []
        for changeset in changeset {
            let current = changeset.data
            var stage = Stage()
            stage.elementUpdated = try changeset.elementUpdated.map {
                Change(at: $0, id: try previous.element(at: $0).differenceIdentifier, html: try elementHTML(current.element(at: $0)))
            }
            stage.sectionDeleted = try changeset.sectionDeleted.map { Change(at: $0, id: try previous.model(at: $0).differenceIdentifier) }
            stage.elementDeleted = try changeset.elementDeleted.map { Change(at: $0, id: try previous.element(at: $0).differenceIdentifier) }
            stage.sectionInserted = try changeset.sectionInserted.map { Change(at: $0, html: try sectionHTML(current.model(at: $0))) }
            stage.sectionMoved = try changeset.sectionMoved.map {
                Move(from: $0.source, to: $0.target, id: try previous.model(at: $0.source).differenceIdentifier)
            }
            stage.elementInserted = try changeset.elementInserted.map { Change(at: $0, html: try elementHTML(current.element(at: $0))) }
            stage.elementMoved = try changeset.elementMoved.map {
                Move(from: $0.source, to: $0.target, id: try previous.element(at: $0.source).differenceIdentifier)
            }
            stage.sectionUpdated = try changeset.sectionUpdated.map {
                let model = try current.model(at: $0)
                return Change(at: $0, id: model.differenceIdentifier, html: try sectionShell(model))
            }
            stages.append(stage)
            previous = current
        }
        self.init(id: id, stages: stages)
    }
}

extension Array {
    fileprivate func model<Model, Item>(at index: Int) throws(ReplayError) -> Model where Element == ArraySection<Model, Item> {
        guard indices.contains(index) else { throw .invalidSection(index) }
        return self[index].model
    }

    fileprivate func element<Model, Item>(at path: ElementPath) throws(ReplayError) -> Item where Element == ArraySection<Model, Item> {
        guard indices.contains(path.section), self[path.section].elements.indices.contains(path.element) else {
            throw .invalidElement(path)
        }
        return self[path.section].elements[path.element]
    }
}
