import OwlDiff

/// A rendered cell is the same cell in two lists when its identifier matches, with the
/// same content when its HTML hashes the same and neither is marked as having a changed
/// model.
extension RenderedCell: Differentiable {
    /// The cell's `data-owl-cell` identifier.
    public var differenceIdentifier: String { id }

    /// Whether the HTML hashes match and neither model changed.
    public func isContentEqual(to source: RenderedCell) -> Bool {
        hash == source.hash && !isModelChanged && !source.isModelChanged
    }
}

/// A rendered section is the same section in two lists when its identifier matches, with
/// the same content when its HTML without cells hashes the same.
extension RenderedSection: Differentiable {
    /// The section's `data-owl-section` identifier.
    public var differenceIdentifier: String { id }

    /// Whether the hashes of the section shells match.
    public func isContentEqual(to source: RenderedSection) -> Bool {
        hash == source.hash
    }
}

extension RenderedList {
    /// The list as OwlDiff diffs it: its sections holding their cells.
    public var diffSections: [ArraySection<RenderedSection, RenderedCell>] {
        sections.map { ArraySection(model: $0, elements: $0.cells) }
    }
}
