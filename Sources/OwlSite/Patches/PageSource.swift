/// The bytes of a page of the new build, cut by the manifest's byte ranges.
struct PageSource {
    /// The page's file, for errors.
    let file: String
    let bytes: [UInt8]

    /// The text of `[start, end)`, checked against the file.
    func html(_ start: Int, _ end: Int) throws(BuildDiffError) -> String {
        guard start >= 0, start <= end, end <= bytes.count else {
            throw .range(file: file, start: start, end: end)
        }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// A section's outer HTML, cells included.
    func html(of section: ManifestSection) throws(BuildDiffError) -> String {
        let (start, end) = try bounds(of: section)
        return try html(start, end)
    }

    /// A section's outer HTML with its cells container emptied (cells are written with
    /// nothing between them, docs/formats.md §1).
    func shell(of section: ManifestSection) throws(BuildDiffError) -> String {
        let (start, end) = try bounds(of: section)
        guard let first = section.cells.first, let last = section.cells.last else { return try html(start, end) }
        return try html(start, first.start) + html(last.end, end)
    }

    private func bounds(of section: ManifestSection) throws(BuildDiffError) -> (Int, Int) {
        guard section.range.count == 2 else { throw .range(file: file, start: -1, end: -1) }
        return (section.range[0], section.range[1])
    }

    /// A cell's outer HTML.
    func html(of cell: ManifestCell) throws(BuildDiffError) -> String {
        try html(cell.start, cell.end)
    }

    /// A region's outer HTML.
    func html(of region: ManifestSpan) throws(BuildDiffError) -> String {
        try html(region.start, region.end)
    }
}
