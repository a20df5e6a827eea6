import Foundation

/// Warns about links in item bodies to pages or files the build does not write.
enum LinkChecker {
    /// Where a link's address starts: a link's `href`, an image's `src`.
    private static let markers = [Array(" href=\"".utf8), Array(" src=\"".utf8)]

    /// The files a link may lead to: the site's pages, whose files are found by the pages'
    /// paths, and its other files.
    ///
    /// The pages are not made a set of their files: making 10,000 files' paths and a set of
    /// them took a one-post rebuild 26 million instructions, for the few links that lead to pages.
    struct Targets: Sendable {
        /// The files besides the pages'.
        var files: Set<String>
        /// The pages' paths below the site root (`/posts/hello/`, `/404.html`), in ascending order.
        var pagePaths: [String]

        /// Whether `file` (below the site root, no leading slash) is one of the files or a page's file.
        func contains(_ file: String) -> Bool {
            if files.contains(file) { return true }
            // A page's file is its folder's `index.html`, or the page itself when its path
            // names an `.html` file (``SitePath/file(for:)``).
            if file.hasSuffix("index.html"), hasPage("/" + file.dropLast("index.html".count)) { return true }
            return file.hasSuffix(".html") && hasPage("/" + file)
        }

        private func hasPage(_ path: String) -> Bool {
            let index = pagePaths.firstIndex(notBelow: path) { $0 }
            return index < pagePaths.count && pagePaths[index] == path
        }
    }

    /// The warnings for the links of `items` to none of `targets`.
    static func warnings(items: [ContentItem], targets: Targets, config: SiteConfig, sourceRoot: URL) throws -> [SiteError] {
        // By index, each item's two fields read where it is: an item lent to the map was
        // copied whole for each call (at 10,000 items, 12 million instructions).
        let broken = try Array(items.indices).concurrentMap { index in
            let path = items[index].path
            return items[index].links.filter { !exists(resolve($0, from: path, rootPath: config.rootPath), in: targets) }
        }
        guard broken.contains(where: { !$0.isEmpty }) else { return [] }
        return items.indices.flatMap { index in
            warnings(for: broken[index], in: items[index], config: config, sourceRoot: sourceRoot)
        }
    }

    /// The `href` and `src` values in `html` (``decoded(_:)``) that are not to other sites
    /// (no scheme, not `//host`) and not to a place on the same page only, in order, each once.
    static func localLinks(inHTML bytes: UnsafeRawBufferPointer) -> [String] {
        var found: [(offset: Int, href: String)] = []
        for marker in markers {
            var index = 0
            while let offset = ByteSearch.firstOffset(of: marker, in: bytes, from: index) {
                let start = offset + marker.count
                guard let end = ByteSearch.firstOffset(of: UInt8(ascii: "\""), in: bytes, from: start) else { break }
                index = end
                let written = String(decoding: bytes[start..<end], as: UTF8.self)
                let href = bytes[start..<end].contains(UInt8(ascii: "&")) ? decoded(written) : written
                if !isElsewhere(href) { found.append((offset, href)) }
            }
        }
        var seen = Set<String>()
        return found.sorted { $0.offset < $1.offset }.map(\.href).filter { seen.insert($0).inserted }
    }

    /// An attribute's value with its character references decoded: those cmark-gfm writes
    /// in links (`&amp;`, and `&#x27;` for `'`), and those of raw HTML's quotes and brackets.
    static func decoded(_ written: String) -> String {
        // Most values hold no reference: looking for one among their characters, and making
        // a new string of them, took a cold build 2% of its CPU.
        guard ByteSearch.contains(UInt8(ascii: "&"), in: written) else { return written }
        var result = ""
        var rest = written[...]
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            let reference = references.first { rest.hasPrefix($0.written) }
            result.append(reference?.character ?? "&")
            rest = rest.dropFirst(reference?.written.count ?? 1)
        }
        return result + rest
    }

    private static let references: [(written: String, character: Character)] = [
        ("&amp;", "&"), ("&#x27;", "'"), ("&#39;", "'"), ("&quot;", "\""), ("&lt;", "<"), ("&gt;", ">"),
    ]

    /// The warnings for the `broken` links of `item`.
    private static func warnings(for broken: [String], in item: ContentItem, config: SiteConfig, sourceRoot: URL) -> [SiteError] {
        guard !broken.isEmpty else { return [] }
        // The source is read for the lines of its broken links, once.
        let lines = (try? String(contentsOf: sourceRoot.appendingPathComponent(item.source), encoding: .utf8))?
            .split(separator: "\n", omittingEmptySubsequences: false) ?? []
        return broken.map { href in
            SiteError(file: item.source, line: line(of: href, rootPath: config.rootPath, in: lines), "broken link: \(href)")
        }
    }

    /// The part of `href` before any fragment or query.
    static func target(of href: String) -> Substring {
        href[..<targetEnd(of: href)]
    }

    /// The fragment or query that follows the target of `href`, `#` or `?` included; or "".
    static func fragmentAndQuery(of href: String) -> Substring {
        href[targetEnd(of: href)...]
    }

    private static func targetEnd(of href: String) -> String.Index {
        // Scanned as UTF-8: most links are external, and character-wise scanning made them costly.
        href.utf8.firstIndex { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") } ?? href.utf8.endIndex
    }

    /// Whether `href` points to another site, or only to a place on the page it is on.
    private static func isElsewhere(_ href: String) -> Bool {
        let target = target(of: href)
        return target.isEmpty || target.utf8.contains(UInt8(ascii: ":")) || target.hasPrefix("//")
    }

    /// The output path (below the site root, no leading slash) that `href`, one of the
    /// ``localLinks(inHTML:)``, points at from the page at `pagePath` (or, from a source
    /// folder below `content/`, the file below `content/`).
    static func resolve(_ href: String, from pagePath: String, rootPath: String) -> String {
        let target = String(target(of: href))
        if target.hasPrefix("/") {
            guard target.hasPrefix(rootPath) else { return String(target.dropFirst()) }
            return String(target.dropFirst(rootPath.count))
        }
        var parts = pagePath.split(separator: "/").map(String.init)
        for part in target.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case "..": if !parts.isEmpty { parts.removeLast() }
            case ".", "": continue
            default: parts.append(String(part))
            }
        }
        // `../../` from `/posts/a/` is the site's root, "" as `/` is.
        return parts.isEmpty ? "" : parts.joined(separator: "/") + (target.hasSuffix("/") ? "/" : "")
    }

    private static func exists(_ target: String, in targets: Targets) -> Bool {
        let decoded = target.percentDecoded
        let folder = decoded.isEmpty || decoded.hasSuffix("/") ? decoded : decoded + "/"
        return targets.contains(decoded) || targets.contains(folder + "index.html")
    }

    /// The number of the first of the source's `lines` that mentions the link, without the base path.
    private static func line(of href: String, rootPath: String, in lines: [Substring]) -> Int? {
        let written = href.hasPrefix(rootPath) && rootPath != "/" ? "/" + href.dropFirst(rootPath.count) : href
        return lines.firstIndex { $0.contains(written) }.map { $0 + 1 }
    }
}
