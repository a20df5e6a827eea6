/// The bytes of a page of the new build, cut by the manifest's byte ranges.
///
/// Every section and cell HTML taken from the page starts with the whitespace that
/// precedes it in the file: the client moves an element together with the whitespace
/// before it, so a patched page keeps the renderer's line breaks (docs/formats.md §4).
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

    /// A section's outer HTML with the whitespace before it, cells included.
    func html(of section: ManifestSection) throws(BuildDiffError) -> String {
        let (start, end) = try bounds(of: section)
        return try html(lead(start), end)
    }

    /// A section's outer HTML with the whitespace before it and its cells container
    /// emptied: the cells and the whitespace before each are cut out.
    func shell(of section: ManifestSection) throws(BuildDiffError) -> String {
        let (start, end) = try bounds(of: section)
        guard let first = section.cells.first, let last = section.cells.last else { return try html(lead(start), end) }
        return try html(lead(start), lead(first.start)) + html(last.end, end)
    }

    /// A cell's outer HTML with the whitespace before it.
    func html(of cell: ManifestCell) throws(BuildDiffError) -> String {
        try html(lead(cell.start), cell.end)
    }

    /// A region's outer HTML.
    func html(of region: ManifestSpan) throws(BuildDiffError) -> String {
        try html(region.start, region.end)
    }

    private func bounds(of section: ManifestSection) throws(BuildDiffError) -> (Int, Int) {
        guard section.range.count == 2 else { throw .range(file: file, start: -1, end: -1) }
        return (section.range[0], section.range[1])
    }

    /// Where the run of ASCII whitespace that ends at `start` begins.
    private func lead(_ start: Int) -> Int {
        var index = min(max(start, 0), bytes.count)
        while index > 0, [0x20, 0x0A, 0x09, 0x0D, 0x0C].contains(bytes[index - 1]) { index -= 1 }
        return index
    }
}
