#if canImport(Glibc)
import Glibc
#endif

/// A body's table of contents: its `h2` and `h3` headings, each a link to the id that
/// ``HTMLRewriter`` gave it, as nested lists (an `h3` below the `h2` before it). Written
/// byte by byte: the theme shows one on every post.
enum TableOfContents {
    /// The lists, or nil when the body has fewer than two such headings.
    static func html(ofBody body: UnsafeRawBufferPointer) -> String? {
        let headings = headings(in: body)
        guard headings.count >= 2 else { return nil }
        var html: [UInt8] = []
        html.reserveCapacity(16 + headings.reduce(0) { $0 + 32 + $1.id.count + $1.text.count })
        func appendLink(to heading: Heading) {
            html.append("<li><a href=\"#")
            html.append(contentsOf: body[heading.id])
            html.append("\">")
            html.append(contentsOf: heading.text)
            html.append("</a>")
        }
        html.append("<ul>\n")
        var index = 0
        while index < headings.count {
            let heading = headings[index]
            index += 1
            appendLink(to: heading)
            // The `h3`s after an `h2` are its list; an `h3` before any `h2` stands on its own.
            let below = index
            while heading.level == 2, index < headings.count, headings[index].level == 3 { index += 1 }
            if index > below {
                html.append("\n<ul>\n")
                for nested in headings[below..<index] {
                    appendLink(to: nested)
                    html.append("</li>\n")
                }
                html.append("</ul>\n")
            }
            html.append("</li>\n")
        }
        html.append("</ul>\n")
        return String(decoding: html, as: UTF8.self)
    }

    /// A heading: its level, where its id is in the body, and its text (as HTML, without tags).
    private struct Heading {
        var level: UInt8
        var id: Range<Int>
        var text: [UInt8]
    }

    private static let idAttribute = Array(" id=\"".utf8)
    private static let h2End = Array("</h2>".utf8), h3End = Array("</h3>".utf8)

    /// The `h2` and `h3` headings with an id in `body`, in order. Found from each `<`, which
    /// `memchr` finds fast (anchored on the `h` of `<h`, the search would stop at every word with one).
    private static func headings(in body: UnsafeRawBufferPointer) -> [Heading] {
        var headings: [Heading] = []
        var index = 0
        while let offset = ByteSearch.firstOffset(of: UInt8(ascii: "<"), in: body, from: index) {
            index = offset + 1
            let idStart = offset + 3 + idAttribute.count
            guard idStart < body.count, body[offset + 1] == UInt8(ascii: "h"),
                  body[offset + 2] == UInt8(ascii: "2") || body[offset + 2] == UInt8(ascii: "3"),
                  memcmp(body.baseAddress! + offset + 3, idAttribute, idAttribute.count) == 0 else { continue }
            let level = body[offset + 2] - UInt8(ascii: "0")
            // The id may be followed by a class (`{#id .class}` on the heading).
            guard let idEnd = ByteSearch.firstOffset(of: UInt8(ascii: "\""), in: body, from: idStart),
                  let tagEnd = ByteSearch.firstOffset(of: UInt8(ascii: ">"), in: body, from: idEnd + 1),
                  let end = ByteSearch.firstOffset(of: level == 2 ? h2End : h3End, in: body, from: tagEnd + 1) else { continue }
            headings.append(Heading(level: level, id: idStart..<idEnd, text: textWithoutTags(body[(tagEnd + 1)..<end])))
            index = end
        }
        return headings
    }

    /// `html` without its tags: copied at once when it has none, as most headings.
    private static func textWithoutTags(_ html: Slice<UnsafeRawBufferPointer>) -> [UInt8] {
        guard html.contains(UInt8(ascii: "<")) else { return Array(html) }
        var text: [UInt8] = []
        var inTag = false
        for byte in html {
            if byte == UInt8(ascii: "<") { inTag = true } else if byte == UInt8(ascii: ">") { inTag = false } else if !inTag { text.append(byte) }
        }
        return text
    }
}
