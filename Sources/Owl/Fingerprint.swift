import OwlDiff

/// A rendered section or cell as OwlDiff sees it: its identifier and the hash of its HTML.
///
/// Two fingerprints are the same item when their identifiers match, and have the same
/// content when their hashes match. A list's fingerprint is an array of sections of cells.
public struct Fingerprint: Differentiable, Hashable, Sendable {
    /// The `data-owl-section` or `data-owl-cell` identifier.
    public var id: String
    /// The hash of the cell's HTML, or of the section's HTML with its cells container emptied.
    public var hash: ContentHash

    /// The fingerprint of an item called `id` whose HTML hashes to `hash`.
    public init(id: String, hash: ContentHash) {
        self.id = id
        self.hash = hash
    }

    public var differenceIdentifier: String { id }

    public func isContentEqual(to source: Fingerprint) -> Bool {
        hash == source.hash
    }
}

/// A list as OwlDiff diffs it: sections of cells, by fingerprint.
public typealias ListFingerprint = [ArraySection<Fingerprint, Fingerprint>]

extension RenderedList {
    /// The list's sections and cells as OwlDiff diffs them.
    public var fingerprint: ListFingerprint {
        sections.map { section in
            ArraySection(
                model: Fingerprint(id: section.id, hash: section.hash),
                elements: section.cells.map { Fingerprint(id: $0.id, hash: $0.hash) }
            )
        }
    }
}
