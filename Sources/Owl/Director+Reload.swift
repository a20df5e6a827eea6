import OwlDiff

/// What ``DirectorProtocol/reload(afterUpdate:completion:)`` returns: everything a patch needs.
public struct ListUpdate: Sendable {
    /// The list before the update.
    public let old: RenderedList
    /// The list after the update.
    public let new: RenderedList
    /// The stages from the old list's sections to the new one's.
    public let changeset: StagedChangeset<[ArraySection<RenderedSection, RenderedCell>]>
    /// The same stages with identifiers and the new HTML of every inserted or updated
    /// section and cell: the list's entry of a patch file.
    public let patch: ListPatch
}

/// A director, as its own type: what lets ``reload(afterUpdate:completion:)`` hand its
/// closure a `ListDirector` or a `GridDirector` (as Owl hands a `TableDirector`), so that
/// `dir.rowHeight` compiles inside it. Every ``Director`` is one.
public protocol DirectorProtocol: AnyObject {}

extension Director: DirectorProtocol {}

extension DirectorProtocol where Self: Director {
    /// Owl's `reload(afterUpdate:completion:)`: renders the list, runs `update` on this
    /// director, renders it again, and diffs the two renders with OwlDiff (section =
    /// identifier + hash of its shell, cell = identifier + hash of its HTML), then calls
    /// `completion` (where Owl calls it once the table has animated; here the animation
    /// is owl.js's, when it applies the patch).
    ///
    /// A cell is updated when its HTML changed **or** its model's
    /// ``ElementRepresentable/isContentEqual(to:)`` says that the model it had before
    /// `update` has other content (the model before is found by its identifier anywhere
    /// in the list); such a cell comes in the patch with its HTML even if that HTML is
    /// unchanged. Models that are classes changed in place compare with themselves and
    /// count as unchanged, as in Owl: their cells update when their HTML changes.
    ///
    /// When `update` or the second render throws, the director is put back as it was
    /// (sections, their elements and settings, sizes, adapters) and the error is rethrown.
    @discardableResult
    public func reload(afterUpdate update: (Self) throws -> Void, completion: (() -> Void)? = nil) throws -> ListUpdate {
        let old = try renderList()
        let before = DirectorSnapshot(self)
        let oldModels = Self.models(by: sections)
        let new: RenderedList
        do {
            try update(self)
            new = try renderList().markingChangedModels(in: sections, from: oldModels)
        } catch {
            before.restore()
            throw error
        }
        let source = old.diffSections
        let changeset = StagedChangeset(source: source, target: new.diffSections)
        let patch = try ListPatch(
            id: id, source: source, changeset: changeset,
            sectionHTML: new.html(of:), sectionShell: new.shell(of:), elementHTML: new.html(of:)
        )
        completion?()
        return ListUpdate(old: old, new: new, changeset: changeset, patch: patch)
    }

    /// The rendered elements of `sections` by identifier, the first of each.
    private static func models(by sections: [Section]) -> [String: any ElementRepresentable] {
        var models: [String: any ElementRepresentable] = [:]
        for section in sections where !section.isCollapsed {
            for element in section.elements where models[element.differenceIdentifier] == nil {
                models[element.differenceIdentifier] = element
            }
        }
        return models
    }
}

/// A director's state, to put back when an update fails.
struct DirectorSnapshot {
    let director: Director
    let sections: [Section.Snapshot]
    let sizing: Sizing
    let flow: FlowLayout
    let templates: Templates
    let cellAdapters: [ObjectIdentifier: any CellRendering]

    init(_ director: Director) {
        self.director = director
        sections = director.sections.map(Section.Snapshot.init)
        sizing = director.sizing
        flow = director.flow
        templates = director.templates
        cellAdapters = director.cellAdapters
    }

    func restore() {
        director.sections = sections.map(\.section)
        sections.forEach { $0.restore() }
        director.sizing = sizing
        director.flow = flow
        director.templates = templates
        director.cellAdapters = cellAdapters
    }
}

extension RenderedList {
    /// This render of `sections` with every cell whose model has other content than its
    /// model in `oldModels` marked as changed.
    fileprivate func markingChangedModels(in sections: [Section], from oldModels: [String: any ElementRepresentable]) -> RenderedList {
        var marked = self.sections
        for (index, section) in sections.enumerated() where !section.isCollapsed && index < marked.count {
            var cells = marked[index].cells
            for (row, element) in section.elements.enumerated() where row < cells.count {
                if let old = oldModels[element.differenceIdentifier], !element.isContentEqual(to: old) {
                    cells[row].isModelChanged = true
                }
            }
            marked[index].cells = cells
        }
        return RenderedList(id: id, html: html, sections: marked)
    }
}
