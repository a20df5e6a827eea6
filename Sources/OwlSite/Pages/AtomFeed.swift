/// The Atom feed of the newest dated items (`/feed.xml`).
enum AtomFeed {
    static func xml(items: [ContentItem], config: SiteConfig) -> String {
        let dated = items.filter { $0.kind == .page && $0.date != nil && !$0.section.isEmpty }
            .sorted { ($0.date!, $1.path) > ($1.date!, $0.path) }
            .prefix(config.feedCount)
        let updated = dated.first?.date.map(DateText.timestamp) ?? "1970-01-01T00:00:00Z"
        var xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom">
        <title>\(HTMLEscape.text(config.title))</title>
        <id>\(HTMLEscape.text(config.permalink("/")))</id>
        <link href="\(HTMLEscape.attribute(config.permalink("/")))"/>
        <link rel="self" href="\(HTMLEscape.attribute(config.permalink("/feed.xml")))"/>
        <updated>\(updated)</updated>

        """
        if !config.author.isEmpty { xml += "<author><name>\(HTMLEscape.text(config.author))</name></author>\n" }
        for item in dated {
            let link = config.permalink(item.path)
            xml += "<entry><title>\(HTMLEscape.text(item.title))</title><id>\(HTMLEscape.text(link))</id>"
            xml += "<link href=\"\(HTMLEscape.attribute(link))\"/><updated>\(DateText.timestamp(item.date!))</updated>"
            if let summary = item.summary { xml += "<summary>\(HTMLEscape.text(summary))</summary>" }
            xml += "<content type=\"html\">\(HTMLEscape.text(item.body))</content></entry>\n"
        }
        return xml + "</feed>\n"
    }
}
