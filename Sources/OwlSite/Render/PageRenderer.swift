import Foundation
import Owl

/// Renders planned pages through the theme's layouts, with their lists through Owl's directors.
struct PageRenderer: Sendable {
    let plan: SitePlan
    let templates: TemplateSet
    /// The values templates see, shared by every page.
    private let context: PageContext
    /// The theme's cell templates for Owl's adapters.
    private let cellTemplates: Templates
    /// Each listed item's cell HTML, by cell template and then by item index (nil for an
    /// item not listed with that template): rendered once for every list the item is in.
    private let cells: [String: [String?]]
    /// Each listed item's cell id, by item index, made once for every list it is in.
    private let cellIDs: [String?]
    /// The cells the cache held before this build; and this build's, by slot: the slots and
    /// keys of `listed`, and their HTML. Whether any was rendered rather than taken from the
    /// cache (then the cache is saved again).
    private let keptCells: [CellCache.Slot: CellCache.Cell]
    private let namesOfThisBuild: [(slot: CellCache.Slot, key: UInt64)]
    private let htmlOfThisBuild: [String]
    let renderedCells: Bool

    /// Where the cells of earlier builds are kept, and how this build names them.
    struct CellReuse: Sendable {
        let cache: CellCache
        let naming: CellCache.Naming
        /// Each item's source, by index (``PageKey/sources(of:)``).
        let sources: [UInt64]
    }

    /// The templates of items' cells: a list's, and a grid's cards.
    private static let itemCellTemplates = [PostCell.template, CardCell.template]

    /// Renders the cell of every item listed on `pages` (the indices of the plan's pages to
    /// render), on both cores, or takes it from `reuse`'s cache when an earlier build rendered
    /// it from the same inputs.
    ///
    /// What the cells are kept in is indexed by item, not hashed: a rebuild that renders one
    /// list of 10,000 posts made tables of them that took 19 ms, on one core.
    init(plan: SitePlan, config: SiteConfig, templates: TemplateSet, rendering pages: [Int], reuse: CellReuse? = nil) throws {
        self.plan = plan
        self.templates = templates
        cellTemplates = Templates(source: InMemoryTemplateSource(templates.texts))
        // Each item once per cell template, in the order the pages list them.
        var isListed = Self.itemCellTemplates.map { _ in [Bool](repeating: false, count: plan.items.count) }
        var listed: [CellWork] = []
        for page in pages {
            for list in plan.pages.lending(page, { $0.lists }) {
                let template = Self.itemCellTemplates.firstIndex(of: list.style == .grid ? CardCell.template : PostCell.template)!
                for section in list.sections {
                    for case let .item(index) in section.cells where !isListed[template][index] {
                        isListed[template][index] = true
                        listed.append(CellWork(template: template, index: index))
                    }
                }
            }
        }
        let work = listed
        let context = PageContext(config: config, navigation: plan.navigation, tags: plan.tags, tagSlugs: plan.tagSlugs, data: plan.data)
        self.context = context
        // Each cell's slot and key in the cache, when there is one.
        let names: [(slot: CellCache.Slot, key: UInt64)] = reuse.map { reuse in
            let templateHashes = Self.itemCellTemplates.map(reuse.naming.template)
            return work.map { work in
                let fingerprint = plan.items[work.index].fingerprint, template = templateHashes[work.template]
                return (slot: CellCache.Slot(source: reuse.sources[work.index], template: template),
                        key: reuse.naming.key(template: template, source: reuse.sources[work.index],
                                              fingerprint: templates.cellsShowContent ? fingerprint.file : fingerprint.listing))
            }
        } ?? []
        let kept = work.isEmpty ? [:] : reuse?.cache.load() ?? [:]
        let html = try Array(work.indices).concurrentMap { index -> (html: String, isKept: Bool) in
            if !names.isEmpty, let cell = kept[names[index].slot], cell.key == names[index].key { return (cell.html, true) }
            let work = work[index]
            return (templates.renderFragment(Self.itemCellTemplates[work.template], context.item(at: work.index, in: plan.items, withContent: templates.cellsShowContent)), false)
        }
        var cells = Self.itemCellTemplates.map { _ in [String?](repeating: nil, count: plan.items.count) }
        var cellIDs = [String?](repeating: nil, count: plan.items.count)
        for (work, html) in zip(work, html) {
            cells[work.template][work.index] = html.html
            if cellIDs[work.index] == nil { cellIDs[work.index] = SitePlan.cellID(forPath: plan.items[work.index].path) }
        }
        self.cells = Dictionary(uniqueKeysWithValues: zip(Self.itemCellTemplates, cells))
        self.cellIDs = cellIDs
        keptCells = kept
        namesOfThisBuild = names
        htmlOfThisBuild = names.isEmpty ? [] : html.map(\.html)
        renderedCells = !names.isEmpty && html.contains { !$0.isKept }
    }

    /// The cells the cache keeps after this build: this build's, and those it held of items
    /// still in the plan (a cell whose item changed is replaced when a list shows it again).
    func cellsToKeep(reuse: CellReuse) -> [CellCache.Slot: CellCache.Cell] {
        let sources = Set(reuse.sources)
        var cells = keptCells.filter { sources.contains($0.key.source) }
        // Of two cells for one slot (two sources whose paths hash alike), the first is kept; the
        // key of a cell turns it away from the other item in a later build.
        for (name, html) in zip(namesOfThisBuild, htmlOfThisBuild).reversed() { cells[name.slot] = CellCache.Cell(key: name.key, html: html) }
        return cells
    }

    private struct CellWork: Sendable {
        /// The cell template, by its place in ``PageRenderer/itemCellTemplates``.
        var template: Int
        var index: Int
    }

    /// The page's bytes and manifest entry; `page` is one of
    /// the pages the renderer was made for.
    func render(_ page: PageSpec) throws -> RenderedPage {
        let (values, lists) = try layoutValues(page)
        return RenderedPage(path: page.path, html: html(layout: page.layout, values), lists: lists)
    }

    /// The page servers show for an address the site lacks (``SitePath/notFoundFile``),
    /// through `layouts/404`: a page of its own, at `path` (`/404.html`), with a version and
    /// patches like any other.
    func renderNotFoundPage(path: String) -> RenderedPage {
        RenderedPage(path: path, file: SitePath.notFoundFile, html: html(layout: Self.notFoundLayout, notFoundValues()), lists: [])
    }

    /// `layout` rendered with `values`, inside the base layout.
    private func html(layout: String, _ values: [String: TemplateValue]) -> String {
        var values = values
        values["content"] = .text(templates.render(layout, values))
        return templates.render("layouts/base", values)
    }

    /// The layout of the page for an address the site lacks.
    static let notFoundLayout = "layouts/404"

    /// The values the not-found layout sees: `site`, `page` (its title and the home page's
    /// address) and `owlPage`.
    func notFoundValues() -> [String: TemplateValue] {
        var values = context.site(currentPath: "")
        values["page"] = ["title": .text(context.config.word("notFound")), "url": .text(context.url("/"))]
        return values
    }

    /// The values `page`'s layout sees (`site`, `page`, `owlPage`; its lists as placeholders),
    /// and its lists rendered.
    func layoutValues(_ page: PageSpec) throws -> (values: [String: TemplateValue], lists: [(html: String, entry: ManifestList)]) {
        var values = context.site(currentPath: page.path)
        var pageValues: [String: TemplateValue]
        switch page.body {
        case let .item(index, neighbours):
            pageValues = context.item(at: index, in: plan.items, withContent: true)
            if let neighbours {
                pageValues["inList"] = true
                if let previous = neighbours.previous { pageValues["previous"] = context.link(to: previous, in: plan.items) }
                if let next = neighbours.next { pageValues["next"] = context.link(to: next, in: plan.items) }
            }
        case let .list(intro, pagination, feed):
            pageValues = ["title": .text(page.title), "url": .text(context.url(page.path)), "permalink": .text(context.config.permalink(page.path))]
            if page.path == "/" { pageValues["isHome"] = true }
            // A section named as the site is "Rust Blog", not "Rust Blog · Rust Blog", in the title bar.
            if page.title == context.config.title { pageValues["isSiteTitle"] = true }
            if let feed { pageValues["feed"] = ["url": .text(context.url(feed.path)), "title": .text(feed.title ?? context.config.title)] }
            if let intro { pageValues["intro"] = .text(intro) }
            if let pagination { pageValues["pagination"] = context.pagination(pagination) }
        }
        let lists = OwlLists(templates: cellTemplates, items: plan.items, context: context, cells: cells, cellIDs: cellIDs)
        var rendered: [(html: String, entry: ManifestList)] = []
        for (number, list) in page.lists.enumerated() {
            rendered.append(try lists.render(list))
            pageValues[number == 0 ? "list" : "list\(number + 1)"] = .text(RenderedPage.listToken(number))
        }
        values["page"] = .map(pageValues)
        return (values, rendered)
    }
}
