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

extension ManifestPage {
    /// Whether `other` differs at most in byte ranges (and so in nothing but its build id).
    func hasSameContent(as other: ManifestPage) -> Bool {
        title == other.title && shell == other.shell
            && regions.count == other.regions.count && regions.allSatisfy { other.regions[$0.key]?.hash == $0.value.hash }
            && lists.elementsEqual(other.lists) { $0.id == $1.id && $0.shell == $1.shell && $0.hasSameContent(as: $1) }
    }
}

extension ManifestList {
    /// Whether `other` has the same sections and cells, by id and hash (byte ranges aside).
    func hasSameContent(as other: ManifestList) -> Bool {
        sections.elementsEqual(other.sections) { old, new in
            old.id == new.id && old.hash == new.hash
                && old.cells.elementsEqual(new.cells) { $0.id == $1.id && $0.hash == $1.hash }
        }
    }

    /// The list's sections as the diff engine takes them.
    var diffSections: [ArraySection<ManifestSection, ManifestCell>] {
        sections.map { ArraySection(model: $0, elements: $0.cells) }
    }
}
