import Owl

/// Hashes of everything a page is rendered from, so an incremental build re-renders only the
/// pages whose inputs changed.
enum PageKey {
    /// The hash of what every page depends on: the theme, the settings and the navigation.
    static func site(templates: TemplateSet, config: SiteConfig, plan: SitePlan) -> ContentHash {
        var text = "theme \(templates.fingerprint)\n"
        text += "config \(config.title)|\(config.description)|\(config.author)|\(config.baseURL ?? "")|\(config.rawHTML)"
        text += "|\(config.homeRecent)|\(config.feedCount)|\(config.pageSize)\n"
        for name in config.sections.keys.sorted() { text += "section \(name) \(config.sections[name]!)\n" }
        for entry in plan.navigation { text += "nav \(entry.title)|\(entry.path)\n" }
        return ContentHash(text)
    }

    /// The key of `page`: `site`, the page's own settings, and the fingerprint of every
    /// item it shows (`fingerprints`, by source file): the whole file for the item's own
    /// page, the item without its body for a cell in a list, unless `cellsShowContent`.
    /// Fields are fed with separators, so that no two different inputs feed the same bytes.
    static func key(
        for page: PageSpec, site: ContentHash, plan: SitePlan, fingerprints: [String: ItemFingerprint], cellsShowContent: Bool
    ) -> UInt64 {
        var hash = site
        func feed(_ fields: String...) {
            for field in fields {
                hash.update(with: field)
                hash.update(with: CollectionOfOne(0))
            }
        }
        func feed(item index: Int, whole: Bool) {
            let source = plan.items[index].source
            feed(source)
            let fingerprint = fingerprints[source].map { whole ? $0.file : $0.listing } ?? 0
            withUnsafeBytes(of: fingerprint.littleEndian) { hash.update(with: $0) }
        }
        feed("page", page.path, page.title, page.layout)
        switch page.body {
        case let .item(index):
            feed("item")
            feed(item: index, whole: true)
        case let .list(intro, pagination):
            feed("intro", intro ?? "")
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
        return hash.value
    }
}
