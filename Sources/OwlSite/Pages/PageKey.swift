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
        return text
    }

    /// A hash of each item's source path, by index in `plan.items`: what names an item in a key.
    static func sources(of plan: SitePlan) -> [UInt64] {
        plan.items.map { ContentHash($0.source).value }
    }

    /// The key of `page`: `site`, the page's own settings, and the fingerprint of every
    /// item it shows (named by `sources`): the whole file for the item's own page, the item
    /// without its body for a cell in a list, unless `cellsShowContent`.
    ///
    /// The inputs are laid out in bytes and hashed at once. Texts end with a NUL and items
    /// take 16 bytes (hashes of their source path and fingerprint), so that two different
    /// inputs give different bytes but for a 64-bit hash collision.
    static func key(for page: PageSpec, site: UInt64, plan: SitePlan, sources: [UInt64], cellsShowContent: Bool) -> UInt64 {
        var input: [UInt8] = []
        input.reserveCapacity(256 + page.cellCount * 16)
        func feed(_ fields: String...) {
            for field in fields {
                input.append(contentsOf: field.utf8)
                input.append(0)
            }
        }
        func feed(_ value: UInt64) {
            withUnsafeBytes(of: value.littleEndian) { input.append(contentsOf: $0) }
        }
        func feed(item index: Int, whole: Bool) {
            let fingerprint = plan.items[index].fingerprint
            feed(sources[index])
            feed(whole ? fingerprint.file : fingerprint.listing)
        }
        feed("page", page.path, page.title, page.layout)
        switch page.body {
        case let .item(index, neighbours):
            feed("item")
            feed(item: index, whole: true)
            if let neighbours {
                // The links to them, which show their titles.
                for (name, neighbour) in [("previous", neighbours.previous), ("next", neighbours.next)] {
                    feed(name, neighbour.map { plan.items[$0].title } ?? "", neighbour.map { plan.items[$0].path } ?? "")
                }
            }
        case let .list(intro, pagination, listFeed):
            feed("intro", intro ?? "", "feed", listFeed?.path ?? "", listFeed?.title ?? "")
            if let pagination {
                feed("pages", "\(pagination.number)/\(pagination.count)", pagination.previousPath ?? "", pagination.nextPath ?? "")
            }
        }
        for list in page.lists {
            feed("list", "\(list.style)", list.id)
            for section in list.sections {
                feed("section", section.id, section.header ?? "", section.footer ?? "")
                for cell in section.cells {
                    switch cell {
                    case let .item(index): feed(item: index, whole: cellsShowContent)
                    case let .tag(slug): feed("tag", slug, plan.tags[slug]?.name ?? "", "\(plan.tags[slug]?.count ?? 0)")
                    }
                }
            }
        }
        return XXH64.hash(input, seed: site)
    }
}
