/// The tag that puts a served page in live mode (BRIEF §5, docs/serve.md).
enum LiveMeta {
    /// The path of the event stream; `serve` builds the site at the server's root.
    static let eventsPath = "/_owl/events"

    /// The tag, inserted into every served HTML page.
    static let tag = Array("<meta name=\"owl-live\" content=\"\(eventsPath)\">".utf8)

    /// Whether the file at `path` is a page, by its extension.
    static func isPage(_ path: String) -> Bool {
        let lowercased = path.lowercased()
        return lowercased.hasSuffix(".html") || lowercased.hasSuffix(".htm")
    }

    /// `html` with the tag right after its `<head>` start tag; unchanged when it has none.
    static func inject(into html: [UInt8]) -> [UInt8] {
        guard let insertion = endOfHeadStartTag(in: html) else { return html }
        var result = html
        result.insert(contentsOf: tag, at: insertion)
        return result
    }

    /// The offset just past `>` of the first `<head>` or `<head …>` tag, case-insensitively.
    private static func endOfHeadStartTag(in html: [UInt8]) -> Int? {
        let name = Array("<head".utf8)
        var offset = 0
        while offset + name.count < html.count {
            defer { offset += 1 }
            guard html[offset] == UInt8(ascii: "<"),
                zip(name, html[offset..<offset + name.count]).allSatisfy({ $0 == $1 | 0x20 || $0 == $1 })
            else { continue }
            let next = html[offset + name.count]
            guard next == UInt8(ascii: ">") || next == UInt8(ascii: " ") || next == UInt8(ascii: "\t")
                || next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r")
            else { continue }
            guard let close = html[(offset + name.count)...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
            return close + 1
        }
        return nil
    }
}
