import Foundation
import CMarkGFM

/// `## Motivation {#motivation}` and `## Notes {.aside}`: attributes at the end of a heading,
/// as Hugo, Zola, kramdown and Pandoc read them (`{: #id}` too). They are taken out of the
/// heading's text and put behind a marker that ``HTMLRewriter`` turns into the heading's
/// `id` and `class`.
enum HeadingAttributes {
    /// Begins and ends the attributes in a heading's text: private-use characters, which no
    /// Markdown of the site holds on purpose.
    static let open: Character = "\u{E000}", close: Character = "\u{E001}"

    /// Moves the attributes of every heading of `document` behind the marker.
    static func mark(in document: OpaquePointer) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        var headings: [OpaquePointer] = []
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_HEADING else { continue }
            headings.append(node)
        }
        for heading in headings {
            guard let last = cmark_node_last_child(heading), cmark_node_get_type(last) == CMARK_NODE_TEXT,
                  let literal = cmark_node_get_literal(last) else { continue }
            let text = String(cString: literal)
            // Most headings end otherwise. The pattern is asked only of those that do: a regex
            // literal is compiled again each time it is evaluated, and asking it of every
            // heading took half of a cold build's time.
            guard text.last(where: { $0 != " " && $0 != "\t" }) == "}",
                  let match = text.firstMatch(of: /[ \t]*\{:?[ \t]*((?:[#.][\p{L}\p{N}_:.-]+[ \t]*)+)\}[ \t]*$/) else { continue }
            let attributes = String(match.1).trimmingCharacters(in: .whitespaces)
            let kept = String(text[..<match.range.lowerBound])
            cmark_node_set_literal(last, kept + String(open) + attributes + String(close))
        }
    }

    /// The id and classes of `attributes` (`#motivation .aside .wide`).
    static func parse(_ attributes: Substring) -> (id: String?, classes: [String]) {
        var id: String?, classes: [String] = []
        for word in attributes.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            if word.first == "#" { id = String(word.dropFirst()) } else if word.first == "." { classes.append(String(word.dropFirst())) }
        }
        return (id, classes)
    }
}
