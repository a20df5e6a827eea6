import Owl
/// `sitemap.xml`: every page, with the item's date where it has one.
enum Sitemap {
    static func xml(pages: [PageSpec], items: [ContentItem], config: SiteConfig) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for page in pages.sorted(by: { $0.path < $1.path }) {
            xml += "<url><loc>\(HTML.escape(config.permalink(page.path)))</loc>"
            if case let .item(index) = page.body, let date = items[index].date {
                xml += "<lastmod>\(DateText.day(date))</lastmod>"
            }
            xml += "</url>\n"
        }
        return xml + "</urlset>\n"
    }
}
