import Owl

/// The values templates see: `site`, `page`, items and pagers, all with links under the base path.
struct PageContext {
    let config: SiteConfig
    let navigation: [NavigationEntry]
    let tags: [String: (name: String, count: Int)]
    /// How `dateDisplay` shows dates, in the site's language.
    private let dates: DateDisplay
    /// Each navigation entry's link and the feed's: made once, not for every page.
    private let navigationURLs: [String]
    private let feedURL: String
    /// `site.data`, made once. Its values are strings, numbers, Booleans, arrays and
    /// dictionaries of them, never changed after `init`: safe to share between threads.
    private nonisolated(unsafe) let data: [String: Any]

    init(config: SiteConfig, navigation: [NavigationEntry], tags: [String: (name: String, count: Int)], data: SiteData = SiteData()) {
        self.config = config
        self.data = data.mustache
        self.navigation = navigation
        self.tags = tags
        dates = DateDisplay(language: config.language)
        navigationURLs = navigation.map { Self.url($0.path, rootPath: config.rootPath) }
        feedURL = Self.url("/" + SitePath.feedFile, rootPath: config.rootPath)
    }

    /// `/posts/` → `/blog/posts/` under a base path, percent-encoded where a URL needs it.
    func url(_ path: String) -> String { Self.url(path, rootPath: config.rootPath) }

    private static func url(_ path: String, rootPath: String) -> String { rootPath + SitePath.urlEncoded(path).dropFirst() }

    /// The `site` values and the build id, with the navigation entry of `currentPath` marked.
    /// A title, description or author left empty is left out, so that `{{#site.author}}…`
    /// (where Mustache counts an empty string as a value) shows nothing; so is `baseURL` without one.
    func site(currentPath: String) -> [String: Any] {
        let nav = zip(navigation, navigationURLs).map { entry, url -> [String: Any] in
            ["title": entry.title, "url": url, "current": currentPath.hasPrefix(entry.path)]
        }
        var site: [String: Any] = ["root": config.rootPath, "nav": nav, "feed": feedURL, "language": config.language, "words": config.words, "data": data]
        for (key, text) in [("title", config.title), ("description", config.description), ("author", config.author)] where !text.isEmpty {
            site[key] = text
        }
        if let baseURL = config.baseURL { site["baseURL"] = baseURL }
        return ["site": site, "buildID": RenderedPage.buildIDToken]
    }

    /// An item's values: front matter, dates in several forms, tags with links, and, when
    /// `withContent`, the body as `content`, its table of contents as `toc` and its length
    /// (the theme's cells mostly leave them out, and a cached body is decoded only when it is shown).
    func item(_ item: ContentItem, withContent: Bool) -> [String: Any] {
        // Room for every value at once: grown entry by entry, the dictionary was rehashed
        // four times for each item, a third of the work of this function.
        var values: [String: Any] = Dictionary(minimumCapacity: item.params.count + 16)
        for (key, value) in item.params { values[key] = value.mustache }
        values["params"] = item.params.mapValues(\.mustache)
        values["title"] = item.title
        values["url"] = url(item.path)
        values["permalink"] = config.permalink(item.path)
        values["section"] = item.section
        if withContent {
            values["content"] = item.body
            if let contents = item.withBodyUTF8(TableOfContents.html(ofBody:)) { values["toc"] = contents }
            values["wordCount"] = item.length.words
            if item.length.minutes > 0 {
                values["readingTime"] = item.length.minutes
                values["readingTimeDisplay"] = config.word("readingTime", filling: ["minutes": String(item.length.minutes)])
            }
        }
        values["draft"] = item.draft
        if let summary = item.summary { values["summary"] = summary }
        if let weight = item.weight { values["weight"] = weight }
        if let date = item.date {
            values["date"] = DateText.day(date)
            values["dateDisplay"] = dates.text(date)
            values["year"] = DateText.year(date)
        }
        if let lastmod = item.lastmod {
            values["lastmod"] = DateText.day(lastmod)
            values["lastmodDisplay"] = dates.text(lastmod)
        }
        // A tag without letters or digits has no page to link to (the plan warns of it).
        let tags: [[String: Any]] = item.tags.compactMap { tag in
            let slug = SitePath.tagSlug(tag)
            return slug.isEmpty ? nil : ["name": tag, "url": url("/tags/\(slug)/")]
        }
        values["tags"] = tags
        values["hasTags"] = !tags.isEmpty
        return values
    }

    /// A link to `item`'s page: its `title` and `url`.
    func link(to item: ContentItem) -> [String: Any] {
        ["title": item.title, "url": url(item.path)]
    }

    /// A list page's `page.pagination`: its `number`, the page `count`, the `label` that
    /// says both in the site's words, and the addresses `previous` and `next`.
    func pagination(_ pagination: Pagination) -> [String: Any] {
        var values: [String: Any] = ["number": pagination.number, "count": pagination.count, "label": pagination.label]
        if let previous = pagination.previousPath { values["previous"] = url(previous) }
        if let next = pagination.nextPath { values["next"] = url(next) }
        return values
    }
}
