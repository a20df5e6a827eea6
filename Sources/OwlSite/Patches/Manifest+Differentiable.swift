import OwlDiff

/// A cell of a manifest is identified by its id and compared by its content hash.
extension ManifestCell: Differentiable {
    /// The cell's `data-owl-cell` id.
    public var differenceIdentifier: String { id }

    /// Whether the cell's HTML is the same.
    public func isContentEqual(to source: ManifestCell) -> Bool { hash == source.hash }
}

/// A section of a manifest is identified by its id and compared by its hash (the
/// section's HTML with its cells container emptied).
extension ManifestSection: Differentiable {
    /// The section's `data-owl-section` id.
    public var differenceIdentifier: String { id }

    /// Whether the section's own HTML (header, footer, attributes) is the same.
    public func isContentEqual(to source: ManifestSection) -> Bool { hash == source.hash }
}

extension ManifestList {
    /// The list's sections as the diff engine takes them.
    var diffSections: [ArraySection<ManifestSection, ManifestCell>] {
        sections.map { ArraySection(model: $0, elements: $0.cells) }
    }
}
