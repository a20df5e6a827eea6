/// A rendered list: its HTML and where every section and cell sits in it, as UTF-8 byte
/// offsets `[start, end)` into ``html``, with their content hashes.
public struct RenderedList: Hashable, Sendable {
    /// The list's identifier.
    public let id: String
    /// The list container's outer HTML.
    public let html: String
    /// The sections, in order.
    public let sections: [RenderedSection]

    /// The list container's own tags, sections cut out.
    public var shell: String {
        guard let first = sections.first, let last = sections.last else { return html }
        return slice(0..<first.range.lowerBound) + slice(last.range.upperBound..<html.utf8.count)
    }

    /// The outer HTML of `section`.
    public func html(of section: RenderedSection) -> String {
        slice(section.range)
    }

    /// The outer HTML of `section` with its cells container emptied.
    public func shell(of section: RenderedSection) -> String {
        slice(section.range.lowerBound..<section.cellsRange.lowerBound)
            + slice(section.cellsRange.upperBound..<section.range.upperBound)
    }

    /// The outer HTML of `cell`.
    public func html(of cell: RenderedCell) -> String {
        slice(cell.range)
    }

    /// The HTML in `range`, clamped to the list's bytes (a range from another list never traps).
    private func slice(_ range: Range<Int>) -> String {
        let utf8 = html.utf8
        let range = range.clamped(to: 0..<utf8.count)
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let end = utf8.index(start, offsetBy: range.count)
        return String(decoding: utf8[start..<end], as: UTF8.self)
    }
}

/// A rendered section.
public struct RenderedSection: Hashable, Sendable {
    /// The section's identifier.
    public let id: String
    /// The section element's outer HTML.
    public let range: Range<Int>
    /// The contents of the section's cells container.
    public let cellsRange: Range<Int>
    /// The hash of the section's HTML with its cells container emptied.
    public let hash: ContentHash
    /// The cells, in order.
    public internal(set) var cells: [RenderedCell]
}

/// A rendered cell.
public struct RenderedCell: Hashable, Sendable {
    /// The element's `differenceIdentifier`.
    public let id: String
    /// The cell element's outer HTML.
    public let range: Range<Int>
    /// The hash of that HTML.
    public let hash: ContentHash
    /// Whether ``Director``'s `reload(afterUpdate:)` found that the cell's model has other
    /// content than before the update (its `isContentEqual(to:)` said so), whatever the HTML:
    /// the cell is then updated. Always false in a plain render.
    public internal(set) var isModelChanged = false
}
