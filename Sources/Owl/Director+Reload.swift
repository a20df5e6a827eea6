import OwlDiff

/// What ``Director/reload(afterUpdate:)`` returns: everything a patch needs.
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

extension Director {
    /// Owl's `reload(afterUpdate:)`: renders the list, runs `update`, renders it again, and
    /// diffs the two renders with OwlDiff (section = identifier + hash of its shell,
    /// cell = identifier + hash of its HTML).
    @discardableResult
    public func reload(afterUpdate update: (Director) throws -> Void) throws -> ListUpdate {
        let old = try renderList()
        try update(self)
        let new = try renderList()
        let source = old.diffSections
        let changeset = StagedChangeset(source: source, target: new.diffSections)
        let patch = try ListPatch(
            id: id, source: source, changeset: changeset,
            sectionHTML: new.html(of:), sectionShell: new.shell(of:), elementHTML: new.html(of:)
        )
        return ListUpdate(old: old, new: new, changeset: changeset, patch: patch)
    }
}
