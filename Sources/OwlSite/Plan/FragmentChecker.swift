import Foundation

/// Warns about links to a place in a page (`#notes`, `/posts/a/#notes`) whose page has no
/// element of that id: a heading renamed, or an id that another generator gave differently.
/// Only the places of item pages are known (the ids in their bodies); links to a place in
/// a list page are not checked.
enum FragmentChecker {
    private static let idMarker = Array(" id=\"".utf8)
    private static let ownFragmentMarker = Array(" href=\"#".utf8)

    /// The values of the `id` attributes in `html`.
    static func ids(inHTML html: UnsafeRawBufferPointer) -> [String] {
        values(after: idMarker, in: html)
    }

    /// The fragments of the links in `html` to a place on the same page (`href="#notes"` → `notes`).
    static func ownFragments(inHTML html: UnsafeRawBufferPointer) -> [String] {
        var seen = Set<String>()
        return values(after: ownFragmentMarker, in: html).filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    private static func values(after marker: [UInt8], in html: UnsafeRawBufferPointer) -> [String] {
        var values: [String] = []
        var index = 0
        while let offset = ByteSearch.firstOffset(of: marker, in: html, from: index) {
            let start = offset + marker.count
            guard let end = ByteSearch.firstOffset(of: UInt8(ascii: "\""), in: html, from: start) else { break }
            values.append(LinkChecker.decoded(String(decoding: html[start..<end], as: UTF8.self)))
            index = end
        }
        return values
    }

    /// A warning for each of a page's links to places on itself, `ownFragments`, that its
    /// body has no element for (its `ids`), naming the line of `text`, the page's source
    /// file `source`, that holds `#fragment`. Known from the page alone: made when it is
    /// parsed, and kept with it.
    static func ownPlaceWarnings(_ ownFragments: [String], ids: [String], source: String, text: String) -> [SiteError] {
        // A page's own ids are few: looked through as they are, not made a set. (Every post
        // links to its own headings, and the sets took most of this check's time.)
        let missing = ownFragments.filter { !ids.contains($0.percentDecoded) }.map { "#" + $0 }
        guard !missing.isEmpty else { return [] }
        return missingPlaceWarnings(missing, source: source, lines: text.split(separator: "\n", omittingEmptySubsequences: false))
    }

    /// A warning about each link of `missing`, found on the first of `lines` (of the file
    /// `source`) that holds its `#fragment`.
    private static func missingPlaceWarnings(_ missing: [String], source: String, lines: [Substring]) -> [SiteError] {
        missing.map { link in
            let fragment = String(LinkChecker.fragmentAndQuery(of: link))
            let line = lines.firstIndex { $0.contains(fragment) }.map { $0 + 1 }
            return SiteError(file: source, line: line, "link to \(link): the page has no element with the id '\(fragment.dropFirst())'")
        }
    }

    /// A warning for each link of `items` to a place that its item page lacks, naming the
    /// link's file and line (the first line of the source that holds `#fragment`). A page's
    /// links to places on itself were checked when it was parsed (``ownPlaceWarnings(_:ids:source:text:)``).
    static func warnings(items: [ContentItem], rootPath: String, sourceRoot: URL) -> [SiteError] {
        // Most items link to no place on a page: only those that do are looked at, and the ids
        // of a page are gathered when a link needs them (a set for each of 100,000 pages took
        // longer than the rest of a one-post rebuild's plan).
        let linking = items.indices.filter { index in
            !items[index].ownFragments.isEmpty || items[index].links.contains { ByteSearch.contains(UInt8(ascii: "#"), in: $0) }
        }
        guard !linking.isEmpty else { return [] }
        // Which item is the page at a path: made when a link first needs another page's ids
        // (every post links to its own headings; few link to another page's).
        var pageIndex: [String: Int]?
        var idsOfPages: [Int: Set<String>] = [:]
        func ids(ofPage path: String) -> Set<String>? {
            if pageIndex == nil {
                pageIndex = [:]
                for index in items.indices where items[index].kind == .page { pageIndex![items[index].path] = index }
            }
            guard let index = pageIndex![path] else { return nil }
            if let ids = idsOfPages[index] { return ids }
            let ids = Set(items[index].ids)
            idsOfPages[index] = ids
            return ids
        }
        var warnings: [SiteError] = []
        for index in linking {
            var missing: [String] = []
            if !items[index].ownFragments.isEmpty, let own = ids(ofPage: items[index].path) {
                missing += items[index].ownFragments.filter { !own.contains($0.percentDecoded) }.map { "#" + $0 }
            }
            for link in items[index].links {
                let fragment = LinkChecker.fragmentAndQuery(of: link)
                guard fragment.hasPrefix("#"), fragment.count > 1 else { continue }
                let target = LinkChecker.resolve(link, from: items[index].path, rootPath: rootPath)
                let decoded = "/" + target.percentDecoded
                let page = decoded.hasSuffix("/") || decoded.hasSuffix(".html") ? decoded : decoded + "/"
                guard let ids = ids(ofPage: page) else { continue }
                let id = String(fragment.dropFirst())
                if !ids.contains(id.percentDecoded) { missing.append(link) }
            }
            guard !missing.isEmpty else { continue }
            let lines = (try? String(contentsOf: sourceRoot.appendingPathComponent(items[index].source), encoding: .utf8))?
                .split(separator: "\n", omittingEmptySubsequences: false) ?? []
            warnings += missingPlaceWarnings(missing, source: items[index].source, lines: lines)
        }
        return warnings
    }
}
