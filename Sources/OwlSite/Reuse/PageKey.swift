import Owl

/// Hashes of everything a page is rendered from, so an incremental build re-renders only the
/// pages whose inputs changed.
enum PageKey {
    /// The hash of what every page depends on: the program that renders, the theme, the
    /// settings and the navigation.
    static func site(templates: TemplateSet, config: SiteConfig, plan: SitePlan, renderer: String) -> UInt64 {
        var text = "renderer \(renderer)\ntheme \(templates.fingerprint)\n" + settings(config)
        for entry in plan.navigation { text += "nav \(entry.title)|\(entry.path)\n" }
        text += "data \(plan.data.hash)\n"
        return XXH64.hash(text.utf8)
    }

    /// The settings pages are rendered with, as text: every one but those no page shows
    /// (`history`, and `sectionLines`, which only errors name).
    static func settings(_ config: SiteConfig) -> String {
        var text = "config \(config.title)|\(config.description)|\(config.author)|\(config.language)|\(config.baseURL ?? "")|\(config.rawHTML)|\(config.highlight)|\(config.summaryLength)"
        text += "|\(config.homeRecent)|\(config.feedCount)|\(config.pageSize)\n"
        for name in config.sections.keys.sorted() { text += "section \(name) \(config.sections[name]!)\n" }
        for name in config.words.keys.sorted() { text += "word \(name) \(config.words[name]!)\n" }
        for name in config.countWords.keys.sorted() { text += "count \(name) \(config.countWords[name]!)\n" }
        // Applied to items after the cache hands them over (addresses, dates), so not in their fingerprints.
        for name in config.permalinks.keys.sorted() { text += "permalink \(name) \(config.permalinks[name]!)\n" }
        text += "timezone \(config.timezone ?? "")\ntaxonomies \(config.taxonomyNames.joined(separator: " "))\n"
        return text
    }

    /// The key of the not-found page, which shows nothing but what every page depends on.
    static func notFoundKey(site: UInt64) -> UInt64 {
        XXH64.hash("not-found".utf8, seed: site)
    }

    /// A hash of each item's source path, by index in `plan.items`: what names an item in a key.
    static func sources(of plan: SitePlan) -> [UInt64] {
        plan.items.map { ContentHash($0.source).value }
    }

    /// A hash of each item's title and path, by index in `plan.items`: what a link to it from
    /// a neighbouring page shows and points to. Made once for each item, in order: laying out
    /// the neighbours' texts in each page's key read them across the whole table of items
    /// (at 100,000 posts, a twentieth of a one-post rebuild's work on the processor).
    static func links(of plan: SitePlan) -> [UInt64] {
        plan.items.indices.map { index in
            var hasher = ContentHasher()
            hasher.update(with: plan.items[index].title)
            withUnsafeBytes(of: UInt8(0)) { hasher.update(with: $0) }
            hasher.update(with: plan.items[index].path)
            return hasher.hash.value
        }
    }

    /// The part of each page's key that the plan decides (``structure(of:plan:sources:links:cellsShowContent:)``),
    /// by index in `plan.pages`, made on both cores; `sources` are ``sources(of:)`` of `plan`. ``PlanCache`` keeps them with the plan: a
    /// build that takes the plan from there takes these too, and hashes for each page only
    /// what the plan does not decide.
    static func structures(of plan: SitePlan, sources: [UInt64], cellsShowContent: Bool) throws -> [UInt64] {
        let links = links(of: plan)
        return try Array(plan.pages.indices).concurrentMap { index in
            structure(of: plan.pages[index], plan: plan, sources: sources, links: links, cellsShowContent: cellsShowContent)
        }
    }

    /// The part of `page`'s key that the plan decides: the page's own settings, its lists and
    /// the links to its neighbours, and which items it shows (named by `sources`): for a cell
    /// in a list, the item without its body too, unless `cellsShowContent`. What it leaves
    /// out is the fingerprint of each item the page shows whole, its own item's, and its
    /// cells' when `cellsShowContent` (``key(forPage:structure:site:plan:sources:cellsShowContent:)``).
    ///
    /// The inputs are laid out in bytes and hashed at once. Texts end with a NUL and items
    /// take 8 or 16 bytes (hashes of their source path and fingerprint), so that two different
    /// inputs give different bytes but for a 64-bit hash collision.
    static func structure(of page: PageSpec, plan: SitePlan, sources: [UInt64], links: [UInt64], cellsShowContent: Bool) -> UInt64 {
        var input = KeyInput(capacity: 256 + page.cellCount * 16)
        input.texts("page", page.path, page.title, page.layout)
        switch page.body {
        case let .item(index, neighbours):
            input.text("item")
            input.number(sources[index])
            if let neighbours {
                // The links to them, which show their titles.
                input.neighbour("previous", neighbours.previous, links: links)
                input.neighbour("next", neighbours.next, links: links)
            }
        case let .list(intro, pagination, listFeed):
            input.texts("intro", intro ?? "", "feed", listFeed?.path ?? "")
            input.text(listFeed?.title ?? "")
            if let pagination {
                input.texts("pages", "\(pagination.number)/\(pagination.count)", pagination.previousPath ?? "", pagination.nextPath ?? "")
            }
        }
        for list in page.lists {
            input.texts("list", list.style.rawValue, list.id)
            for section in list.sections {
                input.texts("section", section.id, section.header ?? "", section.footer ?? "")
                for cell in section.cells {
                    switch cell {
                    case let .item(index):
                        input.number(sources[index])
                        if !cellsShowContent { input.number(plan.items[index].fingerprint.listing) }
                    case let .tag(slug): input.texts("tag", slug, plan.tags[slug]?.name ?? "", String(plan.tags[slug]?.count ?? 0))
                    }
                }
            }
        }
        return XXH64.hash(input.bytes)
    }

    /// The key of `plan`'s page numbered `page`: `site`, the part of it the plan decides
    /// (`structure`), and the fingerprint of the whole file of each item the page shows whole
    /// (named by `sources`): its own item's, and each cell's when `cellsShowContent`, in the
    /// order `structure` names them (so that the same structure always takes as many).
    static func key(forPage page: Int, structure: UInt64, site: UInt64, plan: SitePlan, sources: [UInt64], cellsShowContent: Bool) -> UInt64 {
        // The page's fields are read where it is: a page passed on was copied whole for each
        // key, and destroyed after (at 10,000 pages, 7 million instructions).
        var input = KeyInput(capacity: 24 + (cellsShowContent ? plan.pages[page].cellCount * 16 : 0))
        input.number(structure)
        if case let .item(index, _) = plan.pages[page].body {
            input.item(index, of: plan, sources: sources)
        }
        if cellsShowContent {
            for list in plan.pages[page].lists {
                for section in list.sections {
                    for case let .item(index) in section.cells { input.item(index, of: plan, sources: sources) }
                }
            }
        }
        return XXH64.hash(input.bytes, seed: site)
    }

    /// A key's inputs laid out in bytes: texts each ended by a NUL, numbers in 8 bytes.
    private struct KeyInput {
        var bytes: [UInt8] = []

        init(capacity: Int) {
            bytes.reserveCapacity(capacity)
        }

        mutating func text(_ text: String) {
            bytes.append(utf8Of: text)
            bytes.append(0)
        }

        mutating func texts(_ first: String, _ second: String, _ third: String, _ fourth: String? = nil) {
            text(first)
            text(second)
            text(third)
            if let fourth { text(fourth) }
        }

        mutating func number(_ value: UInt64) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }

        /// The link to a neighbouring item (`name`: previous or next), if there is one: the
        /// hash of its title and path (``PageKey/links(of:)``).
        mutating func neighbour(_ name: String, _ index: Int?, links: [UInt64]) {
            text(name)
            number(index == nil ? 0 : 1)
            number(index.map { links[$0] } ?? 0)
        }

        /// An item of `plan` (named by `sources`) shown whole: its source and the fingerprint of its file.
        mutating func item(_ index: Int, of plan: SitePlan, sources: [UInt64]) {
            number(sources[index])
            number(plan.items[index].fingerprint.file)
        }
    }
}
