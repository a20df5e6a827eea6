import Owl

/// The structure of a built page that patches are made from: its lists, sections, cells and
/// regions with their hashes and byte ranges (docs/formats.md). The build record keeps it for
/// each page's current and older versions, in binary form; `owl-site diff` reads it back from
/// a page's DOM markers (``PageScanner``).
/// One page's manifest entry.
public struct ManifestPage: Codable, Sendable, Equatable {
    /// The file below the output folder.
    public var file: String
    /// The page's title.
    public var title: String
    /// Hash of the page without its lists' sections, its regions and its build id.
    public var shell: ContentHash
    /// The page's lists, in document order.
    public var lists: [ManifestList]
    /// Regions by name.
    public var regions: [String: ManifestSpan]
}

/// One list of a page.
public struct ManifestList: Codable, Sendable, Equatable {
    /// The list's `data-owl-list` id.
    public var id: String
    /// Hash of the list container's own tags.
    public var shell: ContentHash
    /// The sections, in order.
    public var sections: [ManifestSection]
}

/// One section of a list.
public struct ManifestSection: Codable, Sendable, Equatable {
    /// The section's `data-owl-section` id.
    public var id: String
    /// Hash of the section's HTML with its cells container emptied.
    public var hash: ContentHash
    /// `[start, end)` byte offsets of the section's outer HTML in the page file.
    public var range: [Int]
    /// The cells, in order.
    public var cells: [ManifestCell]
}

/// One cell: encoded as `[id, hash, start, end]`.
public struct ManifestCell: Codable, Sendable, Equatable {
    /// The cell's `data-owl-cell` id.
    public var id: String
    /// Hash of the cell's outer HTML.
    public var hash: ContentHash
    /// First byte of the cell's outer HTML in the page file.
    public var start: Int
    /// One past the last byte.
    public var end: Int

    /// A cell entry.
    public init(id: String, hash: ContentHash, start: Int, end: Int) {
        (self.id, self.hash, self.start, self.end) = (id, hash, start, end)
    }

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        id = try container.decode(String.self)
        hash = try container.decode(ContentHash.self)
        start = try container.decode(Int.self)
        end = try container.decode(Int.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(id)
        try container.encode(hash)
        try container.encode(start)
        try container.encode(end)
    }
}

/// A region: encoded as `[hash, start, end]`.
public struct ManifestSpan: Codable, Sendable, Equatable {
    /// Hash of the region's outer HTML.
    public var hash: ContentHash
    /// First byte of the region's outer HTML in the page file.
    public var start: Int
    /// One past the last byte.
    public var end: Int

    /// A region entry.
    public init(hash: ContentHash, start: Int, end: Int) {
        (self.hash, self.start, self.end) = (hash, start, end)
    }

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        hash = try container.decode(ContentHash.self)
        start = try container.decode(Int.self)
        end = try container.decode(Int.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(hash)
        try container.encode(start)
        try container.encode(end)
    }
}

extension ManifestList {
    /// The same list with every byte offset moved by `offset`.
    func shifted(by offset: Int) -> ManifestList {
        var list = self
        for index in list.sections.indices {
            list.sections[index].range = list.sections[index].range.map { $0 + offset }
            for cell in list.sections[index].cells.indices {
                list.sections[index].cells[cell].start += offset
                list.sections[index].cells[cell].end += offset
            }
        }
        return list
    }
}
