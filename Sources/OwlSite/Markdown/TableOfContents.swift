/// A body's table of contents: its `h2` and `h3` headings, each a link to the id that
/// ``HTMLRewriter`` gave it, as nested lists (an `h3` below the `h2` before it).
enum TableOfContents {
    /// The lists, or nil when the body has fewer than two such headings.
    static func html(ofBody body: UnsafeRawBufferPointer) -> String? {
        let headings = headings(in: body)
        guard headings.count >= 2 else { return nil }
        // Each `h2` with the `h3`s after it; an `h3` before any `h2` stands on its own.
        var entries: [(heading: Heading, below: [Heading])] = []
        for heading in headings {
            if heading.level == 3, let last = entries.indices.last, entries[last].heading.level == 2 {
                entries[last].below.append(heading)
            } else {
                entries.append((heading, []))
            }
        }
        var html = "<ul>\n"
        for (heading, below) in entries {
            html += link(to: heading)
            if !below.isEmpty { html += "\n<ul>\n" + below.map { link(to: $0) + "</li>\n" }.joined() + "</ul>\n" }
            html += "</li>\n"
        }
        return html + "</ul>\n"
    }

    private static func link(to heading: Heading) -> String {
        "<li><a href=\"#\(heading.id)\">\(heading.text)</a>"
    }

    /// A heading: its level, its id and its text (as HTML, without tags).
    private struct Heading {
        var level: Int
        var id: String
        var text: String
    }

    private static let start = Array("<h".utf8)
    private static let idAttribute = Array(" id=\"".utf8)

    /// The `h2` and `h3` headings with an id in `body`, in order.
    private static func headings(in body: UnsafeRawBufferPointer) -> [Heading] {
        var headings: [Heading] = []
        var index = 0
        while let offset = ByteSearch.firstOffset(of: start, in: body, from: index) {
            index = offset + start.count
            guard index + idAttribute.count < body.count, body[index] == UInt8(ascii: "2") || body[index] == UInt8(ascii: "3"),
                  body[(index + 1)..<(index + 1 + idAttribute.count)].elementsEqual(idAttribute) else { continue }
            let level = Int(body[index] - UInt8(ascii: "0"))
            let idStart = index + 1 + idAttribute.count
            guard let idEnd = ByteSearch.firstOffset(of: UInt8(ascii: "\""), in: body, from: idStart),
                  idEnd + 1 < body.count, body[idEnd + 1] == UInt8(ascii: ">"),
                  let end = ByteSearch.firstOffset(of: Array("</h\(level)>".utf8), in: body, from: idEnd + 2) else { continue }
            var text: [UInt8] = []
            var inTag = false
            for byte in body[(idEnd + 2)..<end] {
                if byte == UInt8(ascii: "<") { inTag = true } else if byte == UInt8(ascii: ">") { inTag = false } else if !inTag { text.append(byte) }
            }
            headings.append(Heading(level: level, id: String(decoding: body[idStart..<idEnd], as: UTF8.self), text: String(decoding: text, as: UTF8.self)))
            index = end
        }
        return headings
    }
}
