import Foundation
import Owl

extension SiteContent {
    /// Points the body links to Markdown files of the site at their pages, wherever their
    /// slugs put them: in `content/posts/trip.md`, `[the lakes](lakes.md#day-2)` becomes
    /// `/posts/lakes/#day-2` (under the base path), as it does in an editor or on a forge.
    /// A path that starts with `/` starts in `content/`. A link to a file that is no page
    /// (a draft, a file that does not exist) is left for ``LinkChecker`` to warn about.
    ///
    /// The addresses put in are part of the item's fingerprint, so that a page linking to
    /// another is rendered again when the other moves.
    static func linkingPages(of items: inout [ContentItem], rootPath: String) {
        let linking = items.indices.filter { items[$0].links.contains(where: isMarkdownFile) }
        guard !linking.isEmpty else { return }
        let pageOfSource = Dictionary(items.map { ($0.source, $0.path) }, uniquingKeysWith: { first, _ in first })
        for index in linking {
            let item = items[index]
            // `../other.md`, from `content/posts/a.md`, is the file `content/other.md`.
            let folder = (item.source.dropFirst("content/".count) as NSString).deletingLastPathComponent
            var addresses: [(link: String, address: String)] = []
            for link in item.links where isMarkdownFile(link) {
                let file = LinkChecker.resolve(link, from: folder, rootPath: rootPath)
                guard let page = pageOfSource["content/" + file.percentDecoded] else { continue }
                addresses.append((link, rootPath + SitePath.urlEncoded(page).dropFirst() + LinkChecker.fragmentAndQuery(of: link)))
            }
            guard !addresses.isEmpty else { continue }
            var body = item.body
            var fingerprint = "\(item.fingerprint.file)"
            for (link, address) in addresses {
                body = body.replacingOccurrences(of: " href=\"\(attributeEscaped(link))\"", with: " href=\"\(attributeEscaped(address))\"")
                fingerprint += "\0\(link)\0\(address)"
            }
            items[index].html = .rendered(body)
            items[index].links = item.links.map { link in addresses.first { $0.link == link }?.address ?? link }
            items[index].fingerprint.file = XXH64.hash(fingerprint.utf8)
        }
    }

    /// Whether `link`, one of an item's ``ContentItem/links``, is to a Markdown file.
    private static func isMarkdownFile(_ link: String) -> Bool {
        SitePath.isMarkdown(LinkChecker.target(of: link))
    }

    /// `text` as cmark-gfm writes it in a link: `&` and `'` escaped (the rest of what an
    /// attribute cannot hold, it percent-encodes).
    private static func attributeEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "'", with: "&#x27;")
    }
}
