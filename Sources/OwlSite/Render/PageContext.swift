import Owl

/// The values templates see: `site`, `page`, items and pagers, all with links under the base path.
struct PageContext {
    let config: SiteConfig
    let navigation: [NavigationEntry]
    let tags: [String: (name: String, count: Int)]
    /// How `dateDisplay` shows dates, in the site's language.
    private let dates: DateDisplay
    /// Each navigation entry's link: made once, not for every page.
    private let navigationURLs: [String]
    /// The `site` values every page shares (all but `nav`), made once.
    private let siteValues: [String: TemplateValue]
    /// Each spelling of a tag with a page, as items show it (its `name` and `url`), made once.
    private let tagLinks: [String: TemplateValue]
    /// `page.readingTimeDisplay` for a reading time of each number of minutes below 100, made once.
    private let readingTimes: [String]

    /// The values of pages with `navigation`, `tags` (by slug) and `tagSlugs` (each spelling's
    /// slug, empty for a tag without a page).
    init(
        config: SiteConfig, navigation: [NavigationEntry], tags: [String: (name: String, count: Int)], tagSlugs: [String: String],
        data: SiteData = SiteData()
    ) {
        self.config = config
        self.navigation = navigation
        self.tags = tags
        dates = DateDisplay(language: config.language)
        navigationURLs = navigation.map { Self.url($0.path, rootPath: config.rootPath) }
        let feedURL = Self.url("/" + SitePath.feedFile, rootPath: config.rootPath)
        // A title, description or author left empty is left out, so that `{{#site.author}}…`
        // (where Mustache counts an empty string as a value) shows nothing; so is `baseURL` without one.
        var site: [String: TemplateValue] = [
            "root": .text(config.rootPath), "feed": .text(feedURL), "language": .text(config.language),
            "words": .map(config.words.mapValues(TemplateValue.text)), "data": data.templateValue,
        ]
        for (key, text) in [("title", config.title), ("description", config.description), ("author", config.author)] where !text.isEmpty {
            site[key] = .text(text)
        }
        if let baseURL = config.baseURL { site["baseURL"] = .text(baseURL) }
        siteValues = site
        var links: [String: TemplateValue] = [:]
        for (spelling, slug) in tagSlugs where !slug.isEmpty {
            links[spelling] = Self.tagLink(spelling, slug: slug, rootPath: config.rootPath)
        }
        tagLinks = links
        readingTimes = (0..<100).map { Self.readingTime(minutes: $0, config: config) }
    }

    /// `/posts/` → `/blog/posts/` under a base path, percent-encoded where a URL needs it.
    func url(_ path: String) -> String { Self.url(path, rootPath: config.rootPath) }

    /// ``url(_:)`` for a site whose root is `rootPath`. Made for every cell of every list: a site
    /// at the root, as most are, takes the encoded path as it is. Joining a `String` and a
    /// `Substring` with `+` appended character by character, some 1,300 instructions a link
    /// (10 million of a one-title rebuild of 10,000 posts).
    private static func url(_ path: String, rootPath: String) -> String {
        let encoded = SitePath.urlEncoded(path)
        if rootPath == "/" && encoded.utf8.first == UInt8(ascii: "/") { return encoded }
        return rootPath + String(encoded.dropFirst())
    }

    /// The `site` values and the token for the page's key and version, with the navigation entry of `currentPath` marked.
    func site(currentPath: String) -> [String: TemplateValue] {
        var site = siteValues
        site["nav"] = .list(zip(navigation, navigationURLs).map { entry, url in
            ["title": .text(entry.title), "url": .text(url), "current": .flag(currentPath.hasPrefix(entry.path))]
        })
        return ["site": .map(site), "owlPage": .text(RenderedPage.pageToken)]
    }

    /// An item's values: front matter, `author` (the site's when the front matter names none),
    /// dates in several forms, tags with links, and, when
    /// `withContent`, the body as `content`, its table of contents as `toc` and its length
    /// (the theme's cells mostly leave them out, and a cached body is decoded only when it is shown).
    ///
    /// The item is `items[index]`, each field read where it lies, through a pointer to it:
    /// handed over as a value, and even lent to a closure that read its fields
    /// (``Swift/Array/lending(_:_:)``), it was copied for each page and cell (two dozen
    /// references retained and released; callgrind counted 2,005 copies in a cold build of
    /// 1,000 posts, and none since).
    func item(at index: Int, in items: [ContentItem], withContent: Bool) -> [String: TemplateValue] {
        items.withUnsafeBufferPointer { items in
            let item = items.baseAddress! + index
            // Room for every value at once: grown entry by entry, the dictionary was rehashed
            // four times for each item, a third of the work of this function.
            var values: [String: TemplateValue] = Dictionary(minimumCapacity: item.pointee.params.count + 16)
            for (key, value) in item.pointee.params { values[key] = value.templateValue }
            values["params"] = .map(item.pointee.params.mapValues(\.templateValue))
            values["title"] = .text(item.pointee.title)
            values["url"] = .text(url(item.pointee.path))
            values["permalink"] = .text(config.permalink(item.pointee.path))
            values["section"] = .text(item.pointee.section)
            if withContent {
                // The body read once, and its contents made from that text: read from the cache,
                // a body is checked against its checksum at every read (``CheckedBody``).
                var body = item.pointee.body
                values["content"] = .text(body)
                if let contents = body.withUTF8({ TableOfContents.html(ofBody: UnsafeRawBufferPointer($0)) }) { values["toc"] = .text(contents) }
                values["wordCount"] = .number(item.pointee.length.words)
                if item.pointee.length.minutes > 0 {
                    values["readingTime"] = .number(item.pointee.length.minutes)
                    let minutes = item.pointee.length.minutes
                    values["readingTimeDisplay"] = .text(readingTimes.indices.contains(minutes) ? readingTimes[minutes] : Self.readingTime(minutes: minutes, config: config))
                }
            }
            // The byline: the item's own `author` (front matter), else the site's.
            if item.pointee.params["author"] == nil, !config.author.isEmpty { values["author"] = .text(config.author) }
            values["draft"] = .flag(item.pointee.draft)
            // Who wrote it, for a byline: the page's `author` (or first of `authors`), else the site's.
            if let author = item.pointee.author ?? (config.author.isEmpty ? nil : config.author) { values["author"] = .text(author) }
            if let summary = item.pointee.summary { values["summary"] = .text(summary) }
            if let weight = item.pointee.weight { values["weight"] = .number(weight) }
            if let date = item.pointee.date {
                // Days as the site's clock has them (owl.yml's `timezone`).
                let date = config.onSiteClock(date)
                values["date"] = .text(DateText.day(date))
                values["dateDisplay"] = .text(dates.text(date))
                values["year"] = .number(DateText.year(date))
            }
            if let lastmod = item.pointee.lastmod {
                let lastmod = config.onSiteClock(lastmod)
                values["lastmod"] = .text(DateText.day(lastmod))
                values["lastmodDisplay"] = .text(dates.text(lastmod))
            }
            // A tag without letters or digits has no page to link to (the plan warns of it).
            let tags: [TemplateValue] = item.pointee.tags.compactMap { tag in
                if let link = tagLinks[tag] { return link }
                let slug = SitePath.tagSlug(tag)
                return slug.isEmpty ? nil : Self.tagLink(tag, slug: slug, rootPath: config.rootPath)
            }
            values["tags"] = .list(tags)
            values["hasTags"] = .flag(!tags.isEmpty)
            return values
        }
    }

    /// A tag as an item shows it: its `name` as spelled there, and the `url` of its page.
    private static func tagLink(_ spelling: String, slug: String, rootPath: String) -> TemplateValue {
        ["name": .text(spelling), "url": .text(url("/tags/\(slug)/", rootPath: rootPath))]
    }

    /// `page.readingTimeDisplay`: the site's word for a reading time of `minutes`.
    private static func readingTime(minutes: Int, config: SiteConfig) -> String {
        config.word("readingTime", filling: ["minutes": String(minutes)])
    }

    /// A link to the page of `items[index]`: its `title` and `url`.
    func link(to index: Int, in items: [ContentItem]) -> TemplateValue {
        // The two fields are read where the item lies: lent to a closure that builds the
        // values, the whole item was copied first.
        let (title, path) = items.withUnsafeBufferPointer { ($0[index].title, $0[index].path) }
        return ["title": .text(title), "url": .text(url(path))]
    }

    /// A list page's `page.pagination`: its `number`, the page `count`, the `label` that
    /// says both in the site's words, and the addresses `previous` and `next`.
    func pagination(_ pagination: Pagination) -> TemplateValue {
        var values: [String: TemplateValue] = ["number": .number(pagination.number), "count": .number(pagination.count), "label": .text(pagination.label)]
        if let previous = pagination.previousPath { values["previous"] = .text(url(previous)) }
        if let next = pagination.nextPath { values["next"] = .text(url(next)) }
        return .map(values)
    }
}
