import OwlDiff

extension ListPatch {
    /// The patch of list `id` for `changeset`, the staged changeset from `source` to the
    /// list's new sections. Ids are read from the data each stage starts from; HTML from
    /// the data each stage leaves: a section's outer HTML with all its cells
    /// (`sectionHTML`), with its cells container empty (`sectionShell`), a cell's outer
    /// HTML (`elementHTML`).
    public init<Model: Differentiable, Element: Differentiable>(
        id: String,
        source: [ArraySection<Model, Element>],
        changeset: StagedChangeset<[ArraySection<Model, Element>]>,
        sectionHTML: (Model) throws -> String,
        sectionShell: (Model) throws -> String,
        elementHTML: (Element) throws -> String
    ) rethrows where Model.DifferenceIdentifier == String, Element.DifferenceIdentifier == String {
        var previous = source
        var stages: [Stage] = []
        for changeset in changeset {
            let data = changeset.data
            func old(_ path: ElementPath) -> String {
                previous[path.section].elements[path.element].differenceIdentifier
            }
            func new(_ path: ElementPath) -> Element {
                data[path.section].elements[path.element]
            }
            var stage = Stage()
            stage.elementUpdated = try changeset.elementUpdated.map {
                Change(at: $0, id: old($0), html: try elementHTML(new($0)))
            }
            stage.sectionDeleted = changeset.sectionDeleted.map { Change(at: $0, id: previous[$0].differenceIdentifier) }
            stage.elementDeleted = changeset.elementDeleted.map { Change(at: $0, id: old($0)) }
            stage.sectionInserted = try changeset.sectionInserted.map { Change(at: $0, html: try sectionHTML(data[$0].model)) }
            stage.sectionMoved = changeset.sectionMoved.map {
                Move(from: $0.source, to: $0.target, id: previous[$0.source].differenceIdentifier)
            }
            stage.elementInserted = try changeset.elementInserted.map { Change(at: $0, html: try elementHTML(new($0))) }
            stage.elementMoved = changeset.elementMoved.map { Move(from: $0.source, to: $0.target, id: old($0.source)) }
            stage.sectionUpdated = try changeset.sectionUpdated.map {
                Change(at: $0, id: data[$0].differenceIdentifier, html: try sectionShell(data[$0].model))
            }
            stages.append(stage)
            previous = data
        }
        self.init(id: id, stages: stages)
    }
}
