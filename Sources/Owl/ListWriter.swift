/// Writes a list's HTML in one pass, recording where each section and cell lies.
struct ListWriter {
    private let layout: Layout
    /// The HTML written so far.
    private(set) var html = ""
    private var sections: [(id: String, start: Int, cellsStart: Int, cellsEnd: Int, end: Int, cells: [(id: String, start: Int, end: Int)])] = []

    init(layout: Layout) {
        self.layout = layout
    }

    private var offset: Int { html.utf8.count }

    mutating func open(list id: String) {
        html += "<div class=\"\(layout.containerClass)\" data-owl-list=\"\(HTML.escape(id))\">"
    }

    mutating func closeList() {
        html += "</div>"
    }

    /// Opens a section; `anchor` is its `id` for the jump list, when it has an index title.
    mutating func openSection(_ id: String, anchor: String?, isCollapsed: Bool) {
        sections.append((id, offset, 0, 0, 0, []))
        html += "<section class=\"owl-section\""
        if let anchor {
            html += " id=\"\(HTML.escape(anchor))\""
        }
        html += " data-owl-section=\"\(HTML.escape(id))\""
        if isCollapsed {
            html += " data-owl-collapsed"
        }
        html += ">"
    }

    mutating func closeSection() {
        html += "</section>"
        sections[sections.count - 1].end = offset
    }

    mutating func write(fragment: String, tag: String, marker: String, style: String?) {
        html += "<\(tag) class=\"\(marker)\" data-\(marker)\(Self.style(style))>\(fragment)</\(tag)>"
    }

    mutating func openCells(style: String?) {
        html += "<\(layout.cellsTag) class=\"owl-cells\" data-owl-cells\(Self.style(style))>"
        sections[sections.count - 1].cellsStart = offset
    }

    mutating func closeCells() {
        sections[sections.count - 1].cellsEnd = offset
        html += "</\(layout.cellsTag)>"
    }

    mutating func write(cell id: String, parts: CellParts, style: String?) {
        let start = offset
        html.append(layout.cellOpen)
        for name in parts.classes where !name.isEmpty {
            html.append(" ")
            html.append(HTML.escape(name))
        }
        html.append("\" data-owl-cell=\"")
        html.append(HTML.escape(id))
        html.append("\"")
        for attribute in parts.attributes {
            html.append(" ")
            html.append(attribute.name)
            html.append("=\"")
            html.append(HTML.escape(attribute.value))
            html.append("\"")
        }
        if let style {
            html.append(Self.style(style))
        }
        html.append(">")
        html.append(parts.content)
        html.append(layout.cellClose)
        sections[sections.count - 1].cells.append((id, start, offset))
    }

    private static func style(_ style: String?) -> String {
        style.map { " style=\"\(HTML.escape($0))\"" } ?? ""
    }

    /// The finished list, hashes computed over the written bytes.
    consuming func finish(id: String) -> RenderedList {
        var html = self.html
        let rendered = html.withUTF8 { bytes in
            sections.map { section in
                var shell = ContentHasher()
                shell.update(with: bytes[section.start..<section.cellsStart])
                shell.update(with: bytes[section.cellsEnd..<section.end])
                return RenderedSection(
                    id: section.id,
                    range: section.start..<section.end,
                    cellsRange: section.cellsStart..<section.cellsEnd,
                    hash: shell.hash,
                    cells: section.cells.map { cell in
                        RenderedCell(id: cell.id, range: cell.start..<cell.end, hash: ContentHash(bytes: bytes[cell.start..<cell.end]))
                    }
                )
            }
        }
        return RenderedList(id: id, html: html, sections: rendered)
    }
}
