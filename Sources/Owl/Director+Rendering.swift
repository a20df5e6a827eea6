import OwlDiff

/// Rendering: Owl's `reload()`, as HTML with the DOM markers of docs/formats.md §1.
extension Director {
    /// The list as HTML.
    public func render() throws -> String {
        try write().html
    }

    /// The list as HTML, with the position and hash of every section and cell.
    public func renderList() throws -> RenderedList {
        try write().finish(id: id)
    }

    private func write() throws -> ListWriter {
        var writer = ListWriter(layout: layout)
        var renderers = CellRenderers()
        writer.open(list: id)
        for (sectionIndex, section) in sections.enumerated() {
            writer.openSection(section.id)
            if let header = section.header {
                writer.write(fragment: try fragment(header, of: section, at: sectionIndex), tag: "header", marker: "owl-header")
            }
            writer.openCells(style: layout.cellsStyle(sizing))
            for (index, element) in section.elements.enumerated() {
                let parts = try renderers.renderer(for: element) { try cellRenderer(for: element) }(
                    element, CellPosition(indexPath: ElementPath(element: index, section: sectionIndex), section: section)
                )
                writer.write(cell: element.differenceIdentifier, parts: parts, style: layout.cellStyle(adapter: parts.sizing, director: sizing))
            }
            writer.closeCells()
            if let footer = section.footer {
                writer.write(fragment: try fragment(footer, of: section, at: sectionIndex), tag: "footer", marker: "owl-footer")
            }
            writer.closeSection()
        }
        writer.closeList()
        return writer
    }

    private func cellRenderer(for element: any ElementRepresentable) throws -> CellRenderer {
        guard let adapter = cellAdapters[ObjectIdentifier(Swift.type(of: element))] else {
            throw OwlError.missingCellAdapter(model: String(describing: Swift.type(of: element)))
        }
        return try adapter.renderer(templates: templates)
    }

    private func fragment(_ headerFooter: HeaderFooter, of section: Section, at sectionIndex: Int) throws -> String {
        switch headerFooter.content {
        case .text(let text):
            return HTML.escape(text)
        case .view(let adapter):
            guard headerFooterViews.contains(adapter.viewType) else {
                throw OwlError.missingHeaderFooterAdapter(view: adapter.viewTypeName)
            }
            return try adapter.render(section: section, sectionIndex: sectionIndex, templates: templates)
        }
    }
}
