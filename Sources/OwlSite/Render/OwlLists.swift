import Owl

/// Renders a page's `ListModel`s through Owl's `ListDirector` and `GridDirector`.
struct OwlLists {
    let templates: Templates
    let items: [ContentItem]
    let context: PageContext
    /// Each listed item's cell HTML, by cell template and item index.
    let cells: [String: [String?]]
    /// Each listed item's cell id (``SitePlan/cellID(forPath:)``), by item index.
    let cellIDs: [String?]

    /// The list's HTML and its manifest entry, ranges relative to the list's first byte.
    func render(_ model: ListModel) throws -> (html: String, entry: ManifestList) {
        let director: Director = model.style == .grid
            ? GridDirector(id: model.id, templates: templates)
            : ListDirector(id: model.id, templates: templates)
        // One adapter per model type (Owl keeps the first registered): a grid's items are cards.
        if model.style == .grid {
            director.registerCellAdapter(itemAdapter(CardCell.self))
        } else {
            director.registerCellAdapter(itemAdapter(PostCell.self))
        }
        director.registerCellAdapter(tagAdapter())
        director.registerHeaderFooterAdapter(HeaderFooterAdapter<SectionHeading>())
        director.sections = model.sections.map { section in
            // A heading, so that screen readers can jump from year to year; the count beside
            // it. A section without a heading shows no count either.
            Section(id: section.id, elements: section.cells.map(element), header: section.header.map { heading in
                .view(HeaderFooterAdapter<SectionHeading> { adapter in
                    adapter.events.dequeue = { context in
                        context.view.values = ["title": heading, "count": section.footer ?? ""]
                    }
                })
            })
        }
        let rendered: RenderedList
        do {
            rendered = try director.renderList()
        } catch {
            throw SiteError("list '\(model.id)': \(error)")
        }
        return (rendered.html, ManifestList(rendered))
    }

    private func element(_ cell: ListCell) -> any ElementRepresentable {
        switch cell {
        case let .item(index):
            guard let id = cellIDs[index] else { preconditionFailure("item \(index) is on a page its PageRenderer was not made for") }
            return ItemElement(differenceIdentifier: id, index: index)
        case let .tag(slug):
            let tag = context.tags[slug]
            return TagElement(slug: slug, name: tag?.name ?? slug, count: tag?.count ?? 0)
        }
    }

    private func itemAdapter<Cell: PrerenderedCell>(_: Cell.Type) -> CellAdapter<ItemElement, Cell> {
        let items = items, context = context, html = cells[Cell.template] ?? []
        return CellAdapter { adapter in
            adapter.events.dequeue = { cell in
                guard let cellHTML = html.indices.contains(cell.element.index) ? html[cell.element.index] : nil else { preconditionFailure("item \(cell.element.index) has no prerendered \(Cell.template) cell") }
                cell.cell.html = cellHTML
            }
            adapter.events.link = { cell in context.url(items.lending(cell.element.index) { $0.path }) }
        }
    }

    private func tagAdapter() -> CellAdapter<TagElement, TagCell> {
        let context = context
        return CellAdapter { adapter in
            adapter.events.dequeue = { cell in cell.cell.values = ["name": cell.element.name, "count": cell.element.count] }
            // A term of another taxonomy is keyed `categories/news`, and has its page there.
            adapter.events.link = { cell in
                context.url(cell.element.slug.contains("/") ? "/\(cell.element.slug)/" : "/tags/\(cell.element.slug)/")
            }
        }
    }
}

extension ManifestList {
    /// The manifest entry of a list rendered by a director.
    init(_ list: RenderedList) {
        self.init(id: list.id, shell: ContentHash(list.shell), sections: list.sections.map { section in
            ManifestSection(
                id: section.id, hash: section.hash,
                range: [section.range.lowerBound, section.range.upperBound],
                cells: section.cells.map { ManifestCell(id: $0.id, hash: $0.hash, start: $0.range.lowerBound, end: $0.range.upperBound) }
            )
        })
    }
}
