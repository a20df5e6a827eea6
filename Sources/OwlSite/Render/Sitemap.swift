import Owl
/// `sitemap.xml`: every page, with the item's `lastmod` or date where it has one.
enum Sitemap {
    /// The sitemap of `pages`, in their order (a plan's: by path), as UTF-8 bytes.
    static func xml(pages: [PageSpec], items: [ContentItem], config: SiteConfig) -> [UInt8] {
        var xml = Array("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n".utf8)
        // Each address is the base's and the path's, escaped apart: no string is made for it.
        let base = HTML.escape(String(config.permalink("/").dropLast()))
        // Written as bytes: a string grown piece by piece took most of the time of a rebuild's sitemap.
        xml.reserveCapacity(pages.count * (base.utf8.count + 64))
        // Fields read in place: copying whole pages is slow on big sites.
        for index in pages.indices {
            xml.append("<url><loc>")
            xml.append(utf8Of: base)
            xml.append(utf8Of: HTML.escape(SitePath.urlEncoded(pages[index].path)))
            xml.append("</loc>")
            if case let .item(item, _) = pages[index].body, let date = items[item].updated {
                xml.append("<lastmod>")
                xml.append(utf8Of: DateText.day(config.onSiteClock(date)))
                xml.append("</lastmod>")
            }
            xml.append("</url>\n")
        }
        xml.append("</urlset>\n")
        return xml
    }
}
