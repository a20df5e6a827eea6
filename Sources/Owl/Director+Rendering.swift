import OwlDiff

/// Rendering: Owl's `reload()`, as HTML with the DOM markers of docs/formats.md §1.
extension Director {
    /// The list as HTML.
    public func render() throws -> String {
        try write().html
    }

    /// The list as HTML: Owl's `reload()`, which here has no table to fill.
    @discardableResult
    public func reload() throws -> String {
        try render()
    }

    /// The list as HTML, with the position and hash of every section and cell.
    public func renderList() throws -> RenderedList {
        try write().finish(id: id)
    }

    private func write() throws -> ListWriter {
        var writer = ListWriter(layout: layout)
        var renderers = CellRenderers()
        var sectionIndices: [String: Int] = [:]
        writer.open(list: id)
        for (sectionIndex, section) in sections.enumerated() {
            if let first = sectionIndices.updateValue(sectionIndex, forKey: section.id) {
                throw OwlError.duplicateSectionID(id: section.id, list: id, first: first, second: sectionIndex)
            }
            writer.openSection(section.id, anchor: section.indexTitle == nil ? nil : anchor(of: section), isCollapsed: section.isCollapsed)
            if let header = section.header {
                try write(header, isHeader: true, of: section, at: sectionIndex, to: &writer)
            }
            writer.openCells(style: layout.cellsStyle(sizing, flow: flow, section: section))
            if section.isCollapsed {
                try checkCellIDs(of: section, at: sectionIndex)
            } else {
                var cellIDs = CellIDs(capacity: section.elements.count)
                for (index, element) in section.elements.enumerated() {
                    let cellID = element.differenceIdentifier
                    guard cellIDs.insert(cellID, isRepeated: { Self.holds(section, cellID, before: index) }) else {
                        throw duplicateCellID(cellID, in: section, at: sectionIndex, row: index)
                    }
                    let path = ElementPath(element: index, section: sectionIndex)
                    let render = try renderers.renderer(for: element) { try cellRenderer(for: element, in: section, at: path) }
                    let parts = try render(element, CellPosition(indexPath: path, section: section), sizing)
                    writer.write(cell: cellID, parts: parts, style: layout.cellStyle(adapter: parts.sizing, director: sizing))
                }
            }
            writer.closeCells()
            if let footer = section.footer {
                try write(footer, isHeader: false, of: section, at: sectionIndex, to: &writer)
            }
            writer.closeSection()
        }
        writer.closeList()
        return writer
    }

    /// Throws when two elements of a collapsed `section` have one identifier, as rendering
    /// the section expanded would (the cells would be one cell to a diff, and to owl.js).
    private func checkCellIDs(of section: Section, at sectionIndex: Int) throws {
        var cellIDs = CellIDs(capacity: section.elements.count)
        for (row, element) in section.elements.enumerated() {
            let cellID = element.differenceIdentifier
            guard cellIDs.insert(cellID, isRepeated: { Self.holds(section, cellID, before: row) }) else {
                throw duplicateCellID(cellID, in: section, at: sectionIndex, row: row)
            }
        }
    }

    /// Whether an element of `section` before `row` has the identifier `cellID`.
    private static func holds(_ section: Section, _ cellID: String, before row: Int) -> Bool {
        section.elements[..<row].contains { $0.differenceIdentifier == cellID }
    }

    /// The error for the element at `row`, whose identifier `cellID` an element before it has.
    private func duplicateCellID(_ cellID: String, in section: Section, at sectionIndex: Int, row: Int) -> OwlError {
        let first = section.elements.firstIndex { $0.differenceIdentifier == cellID } ?? row
        return OwlError.duplicateCellID(
            id: cellID, section: section.id,
            first: ElementPath(element: first, section: sectionIndex),
            firstModel: String(describing: type(of: section.elements[first])),
            second: ElementPath(element: row, section: sectionIndex),
            secondModel: String(describing: type(of: section.elements[row]))
        )
    }

    private func cellRenderer(for element: any ElementRepresentable, in section: Section, at path: ElementPath) throws -> CellRenderer {
        guard let adapter = cellAdapters[ObjectIdentifier(Swift.type(of: element))] else {
            throw OwlError.missingCellAdapter(model: String(describing: Swift.type(of: element)), section: section.id, at: path)
        }
        return try adapter.renderer(templates: templates)
    }

    private func write(_ headerFooter: HeaderFooter, isHeader: Bool, of section: Section, at sectionIndex: Int, to writer: inout ListWriter) throws {
        let parts: HeaderFooterParts
        switch headerFooter.content {
        case .text(let text):
            parts = HeaderFooterParts(content: HTML.escape(text), sizing: nil)
        case .view(let adapter):
            // As in Owl, a section's view adapter renders whether or not it was registered.
            guard let rendering = adapter as? any HeaderFooterRendering else {
                throw OwlError.missingHeaderFooterAdapter(view: adapter.viewIdentifier, section: section.id, isHeader: isHeader)
            }
            parts = try rendering.render(section: section, sectionIndex: sectionIndex, isHeader: isHeader, templates: templates)
        }
        let sizing = parts.sizing ?? (isHeader ? section.headerSize : section.footerSize).map(Sizing.explicit)
        writer.write(
            fragment: parts.content, tag: isHeader ? "header" : "footer", marker: isHeader ? "owl-header" : "owl-footer",
            style: layout.headerFooterStyle(sizing, isHeader: isHeader, flow: flow)
        )
    }
}
