/// Renders a `ListModel` to HTML with the DOM markers of docs/formats.md §1, recording the
/// hashes and byte ranges (relative to the list's first byte) that the manifest needs.
struct ListHTML {
    /// The list's HTML.
    var html = ""
    /// The manifest entry; ranges start at the list's first byte.
    var entry: ManifestList

    init(_ list: ListModel) {
        let grid = list.style == .grid
        let sectionTag = grid ? "div" : "section"
        let cellsTag = grid ? "div" : "ol"
        let cellTag = grid ? "div" : "li"
        let open = "<div class=\"owl-list\(grid ? " owl-grid" : "")\" data-owl-list=\"\(HTMLEscape.attribute(list.id))\">\n"
        let close = "</div>"
        var shell = FNV1a()
        shell.add(open)
        shell.add(close)
        entry = ManifestList(id: list.id, shell: shell.hex, sections: [])
        html.reserveCapacity(list.cellCount * 512)
        html += open
        for section in list.sections {
            let sectionStart = html.utf8.count
            let sectionOpen = "<\(sectionTag) class=\"owl-section\" data-owl-section=\"\(HTMLEscape.attribute(section.id))\">\n"
                + (section.header.map { "<header class=\"owl-header\" data-owl-header>\(HTMLEscape.text($0))</header>\n" } ?? "")
                + "<\(cellsTag) class=\"owl-cells\" data-owl-cells>"
            let sectionClose = "</\(cellsTag)>\n"
                + (section.footer.map { "<footer class=\"owl-footer\" data-owl-footer>\(HTMLEscape.text($0))</footer>\n" } ?? "")
                + "</\(sectionTag)>"
            var sectionHash = FNV1a()
            sectionHash.add(sectionOpen)
            sectionHash.add(sectionClose)
            html += sectionOpen
            var cells: [ManifestCell] = []
            cells.reserveCapacity(section.cells.count)
            for cell in section.cells {
                let cellStart = html.utf8.count
                let cellHTML = "\n<\(cellTag) class=\"owl-cell \(HTMLEscape.attribute(cell.template))\" data-owl-cell=\"\(HTMLEscape.attribute(cell.id))\">"
                    + cell.html + "</\(cellTag)>"
                html += cellHTML
                // The newline before the cell belongs to the container, not to the cell.
                cells.append(ManifestCell(id: cell.id, hash: FNV1a.hex(of: cellHTML.utf8.dropFirst()), start: cellStart + 1, end: html.utf8.count))
            }
            html += sectionClose
            entry.sections.append(ManifestSection(id: section.id, hash: sectionHash.hex, range: [sectionStart, html.utf8.count], cells: cells))
            html += "\n"
        }
        html += close
    }
}
