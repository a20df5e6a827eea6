import Owl

/// The pages at the earlier addresses of items (`aliases` in their front matter): each
/// sends visitors on to the item's page at once, and tells search engines where it is now.
/// They are small files of their own, not pages of the build: no lists, no build id.
enum RedirectPage {
    /// The redirect pages of `items`, by file below the output. Throws when one would take
    /// the place of one of `pages`, of another item's redirect, or of one of `files`, the
    /// site's other files (named as `origin` tells where each comes from).
    static func files(
        items: [ContentItem], pages: [PageSpec], files: [String: OutputFile], config: SiteConfig, origin: (String) -> String
    ) throws -> [String: OutputFile] {
        guard items.contains(where: { !$0.aliasFiles.isEmpty }) else { return [:] }
        let pageOfFile = Dictionary(pages.map { (SitePath.file(for: $0.path), $0.path) }, uniquingKeysWith: { first, _ in first })
        var redirects: [String: (source: String, file: OutputFile)] = [:]
        for item in items {
            for file in item.aliasFiles {
                let address = "/" + (file.hasSuffix("/index.html") ? String(file.dropLast("index.html".count)) : file)
                func taken(by taker: String) -> SiteError {
                    SiteError(file: item.source, line: item.lines["aliases"], "alias \(address) is taken by \(taker)")
                }
                if let page = pageOfFile[file] { throw taken(by: "the page \(page)") }
                if let other = redirects[file] { throw taken(by: "an alias of \(other.source)") }
                if files[file] != nil { throw taken(by: origin(file)) }
                redirects[file] = (item.source, OutputFile(Array(html(to: item.path, title: item.title, config: config).utf8)))
            }
        }
        return redirects.mapValues(\.file)
    }

    /// The page that sends visitors on to the page at `path`, titled `title`.
    static func html(to path: String, title: String, config: SiteConfig) -> String {
        let url = HTML.escape(config.rootPath + SitePath.urlEncoded(path).dropFirst())
        let title = HTML.escape(title)
        return """
            <!doctype html>
            <html lang="\(HTML.escape(config.language))">
            <head>
            <meta charset="utf-8">
            <title>\(title)</title>
            <link rel="canonical" href="\(HTML.escape(config.permalink(path)))">
            <meta name="robots" content="noindex">
            <meta http-equiv="refresh" content="0; url=\(url)">
            </head>
            <body>
            <p>\(HTML.escape(config.word("movedTo"))) <a href="\(url)">\(title)</a>.</p>
            </body>
            </html>

            """
    }
}
