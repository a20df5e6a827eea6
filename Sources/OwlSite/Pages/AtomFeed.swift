import Owl
/// The Atom feed of the newest dated items (`/feed.xml`).
enum AtomFeed {
    /// The feed of the first of `newest` (indices of `items`, newest first).
    static func xml(items: [ContentItem], newest: [Int], config: SiteConfig) -> String {
        let dated = newest.prefix(config.feedCount).map { items[$0] }
        let updated = dated.first?.date.map(DateText.timestamp) ?? "1970-01-01T00:00:00Z"
        var xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(config.language)">
        <title>\(HTML.escape(config.title))</title>
        <id>\(HTML.escape(config.permalink("/")))</id>
        <link href="\(HTML.escape(config.permalink("/")))"/>
        <link rel="self" href="\(HTML.escape(config.permalink("/" + SitePath.feedFile)))"/>
        <updated>\(updated)</updated>

        """
        if !config.author.isEmpty { xml += "<author><name>\(HTML.escape(config.author))</name></author>\n" }
        for item in dated {
            let link = config.permalink(item.path)
            xml += "<entry><title>\(HTML.escape(item.title))</title><id>\(HTML.escape(link))</id>"
            xml += "<link href=\"\(HTML.escape(link))\"/><updated>\(DateText.timestamp(item.date!))</updated>"
            if let summary = item.summary { xml += "<summary>\(HTML.escape(summary))</summary>" }
            // Relative links and images in the body (`#fn-1`, a bundle's `photo.jpg`) are
            // resolved from the entry's page, not from the feed's address.
            xml += "<content type=\"html\" xml:base=\"\(HTML.escape(link))\">\(HTML.escape(item.body))</content></entry>\n"
        }
        return xml + "</feed>\n"
    }
}
