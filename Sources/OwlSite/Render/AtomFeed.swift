import Owl
/// An Atom feed of the newest dated items: of the site (`/feed.xml`), of a section
/// (`/posts/feed.xml`) or of a tag (`/tags/swift/feed.xml`). An entry was updated at its
/// `lastmod`, or else at its date; with a `lastmod`, its date is when it was published.
enum AtomFeed {
    /// `feed`, of the first `feedCount` of its items.
    static func xml(_ feed: FeedSpec, items: [ContentItem], config: SiteConfig) -> String {
        let dated = feed.items.prefix(config.feedCount).map { items[$0] }
        // The feed changed when its latest entry did: an entry changes when it is dated or modified.
        let updated = dated.compactMap(\.updated).max().map(DateText.timestamp) ?? "1970-01-01T00:00:00Z"
        // A list named as the site ("Rust Blog") is not "Rust Blog · Rust Blog".
        let title = feed.title.map { $0 == config.title ? $0 : "\($0) · \(config.title)" } ?? config.title
        var xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(config.language)">
        <title>\(HTML.escape(title))</title>
        <id>\(HTML.escape(config.permalink(feed.pagePath)))</id>
        <link href="\(HTML.escape(config.permalink(feed.pagePath)))"/>
        <link rel="self" href="\(HTML.escape(config.permalink(feed.path)))"/>
        <updated>\(updated)</updated>

        """
        if !config.author.isEmpty { xml += "<author><name>\(HTML.escape(config.author))</name></author>\n" }
        for item in dated {
            let link = config.permalink(item.path)
            xml += "<entry><title>\(HTML.escape(item.title))</title><id>\(HTML.escape(link))</id>"
            xml += "<link href=\"\(HTML.escape(link))\"/><updated>\(DateText.timestamp(item.updated!))</updated>"
            if item.lastmod != nil { xml += "<published>\(DateText.timestamp(item.date!))</published>" }
            // RFC 4287 wants an author for every entry: the page's, else the site's, else the site itself.
            xml += "<author><name>\(HTML.escape(author(of: item, config: config)))</name></author>"
            if let summary = item.summary { xml += "<summary>\(HTML.escape(summary))</summary>" }
            // Relative links and images in the body (`#fn-1`, a bundle's `photo.jpg`) are
            // resolved from the entry's page, not from the feed's address. The body is
            // character data, not escaped: a feed of every section and tag writes many.
            xml += "<content type=\"html\" xml:base=\"\(HTML.escape(link))\"><![CDATA["
            xml += characterData(item.body)
            xml += "]]></content></entry>\n"
        }
        return xml + "</feed>\n"
    }

    /// Who wrote `item`: its `author`, else the site's, else the site's title.
    static func author(of item: ContentItem, config: SiteConfig) -> String {
        if let author = item.author, !author.isEmpty { return author }
        return config.author.isEmpty ? config.title : config.author
    }

    /// `html` as the inside of a CDATA section: where it holds `]]>`, which would end the
    /// section, the section ends after `]]` and another begins before `>`.
    static func characterData(_ html: String) -> String {
        var html = html
        let mayEnd = html.withUTF8 { ByteSearch.firstOffset(of: UInt8(ascii: "]"), in: UnsafeRawBufferPointer($0), from: 0) != nil }
        return mayEnd ? html.replacingOccurrences(of: "]]>", with: "]]]]><![CDATA[>") : html
    }
}
