import Owl

/// Hashes of everything a page is rendered from, so an incremental build re-renders only the
/// pages whose inputs changed.
enum PageKey {
    /// What every page depends on: the theme, the settings and the navigation.
    static func site(templates: TemplateSet, config: SiteConfig, plan: SitePlan) -> String {
        var text = "theme \(templates.fingerprint)\n"
        text += "config \(config.title)|\(config.description)|\(config.author)|\(config.baseURL ?? "")|\(config.rawHTML)"
        text += "|\(config.homeRecent)|\(config.feedCount)|\(config.pageSize)\n"
        for name in config.sections.keys.sorted() { text += "section \(name) \(config.sections[name]!)\n" }
        for entry in plan.navigation { text += "nav \(entry.title)|\(entry.path)\n" }
        return text
    }

    /// The key of `page`: `site`, the page's own settings, and the content hash of every
    /// item it shows (`fingerprints`, by source file).
    static func key(for page: PageSpec, site: String, plan: SitePlan, fingerprints: [String: UInt64]) -> UInt64 {
        var text = site + "page \(page.path)|\(page.title)|\(page.layout)\n"
        func item(_ index: Int) -> String {
            let item = plan.items[index]
            return "\(item.source):\(fingerprints[item.source] ?? 0)"
        }
        switch page.body {
        case let .item(index):
            text += "item \(item(index))\n"
        case let .list(intro, pagination):
            text += "intro \(intro ?? "")\n"
            if let pagination { text += "pages \(pagination.number)/\(pagination.count) \(pagination.previousPath ?? "") \(pagination.nextPath ?? "")\n" }
        }
        for list in page.lists {
            text += "list \(list.style) \(list.id)\n"
            for section in list.sections {
                text += "section \(section.id)|\(section.header ?? "")|\(section.footer ?? "")\n"
                for cell in section.cells {
                    switch cell {
                    case let .item(index): text += item(index) + "\n"
                    case let .tag(slug): text += "tag \(slug) \(plan.tags[slug]?.name ?? "") \(plan.tags[slug]?.count ?? 0)\n"
                    }
                }
            }
        }
        return ContentHash(text).value
    }
}
