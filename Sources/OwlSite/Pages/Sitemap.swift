import Owl
/// `sitemap.xml`: every page, with the item's `lastmod` or date where it has one.
enum Sitemap {
    /// The sitemap of `pages`, in their order (a plan's: by path).
    static func xml(pages: [PageSpec], items: [ContentItem], config: SiteConfig) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        // Each address is the base's and the path's, escaped apart: no string is made for it.
        let base = HTML.escape(String(config.permalink("/").dropLast()))
        xml.reserveCapacity(pages.count * (base.utf8.count + 64))
        // Fields read in place: copying whole pages is slow on big sites.
        for index in pages.indices {
            xml += "<url><loc>"
            xml += base
            xml += HTML.escape(SitePath.urlEncoded(pages[index].path))
            xml += "</loc>"
            if case let .item(item, _) = pages[index].body, let date = items[item].updated {
                xml += "<lastmod>"
                xml += DateText.day(date)
                xml += "</lastmod>"
            }
            xml += "</url>\n"
        }
        return xml + "</urlset>\n"
    }
}
