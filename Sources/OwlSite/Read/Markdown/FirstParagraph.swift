import CMarkGFM

/// The summary of an item whose front matter gives none: the text of its body's first
/// paragraph outside lists and footnotes, as Jekyll's excerpts are, without markup, images,
/// raw HTML, struck-through text or footnote references, cut at a word when it is long.
enum FirstParagraph {
    /// The text of the first paragraph of `document` (a parsed cmark-gfm document) that has
    /// any, at most `length` characters long; nil when no paragraph has text or `length` is 0.
    static func text(of document: OpaquePointer, length: Int) -> String? {
        guard length > 0, let iterator = cmark_iter_new(document) else { return nil }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_PARAGRAPH:
                let words = text(ofParagraph: node)
                if !words.isEmpty { return cut(words, to: length) }
                cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT)
            case CMARK_NODE_LIST, CMARK_NODE_FOOTNOTE_DEFINITION:
                // A list's items are no sentence, and a footnote's text is no summary of the page.
                cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT)
            default: break
            }
        }
        return nil
    }

    /// The paragraph's text, each run of white space one space.
    static func text(ofParagraph paragraph: OpaquePointer) -> String {
        guard let iterator = cmark_iter_new(paragraph) else { return "" }
        defer { cmark_iter_free(iterator) }
        var text = ""
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                if let literal = cmark_node_get_literal(node) { text += String(cString: literal) }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text += " "
            case CMARK_NODE_IMAGE:
                // Its children are the alt text, which stands for the image, not in the sentence.
                cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT)
            case _ where isStruckThrough(node):
                // Without its line, struck-through text would read as part of the sentence.
                cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT)
            default:
                break  // raw HTML, footnote references, and the containers whose text is their children's
            }
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Whether `node` is `~~struck-through~~` text (a node type of the strikethrough extension).
    private static func isStruckThrough(_ node: OpaquePointer) -> Bool {
        cmark_node_get_type_string(node).map { String(cString: $0) == "strikethrough" } ?? false
    }

    /// `text`, or when it is longer than `length` characters, as many of its words as fit
    /// with "…" after them (characters, for a language written without spaces), without
    /// the comma or stop before the cut.
    static func cut(_ text: String, to length: Int) -> String {
        guard text.count > length else { return text }
        let room = text.prefix(length - 1)
        var words = text[room.endIndex] == " " ? room : room.lastIndex(of: " ").map { room[..<$0] } ?? room
        if let last = words.last?.unicodeScalars.first?.properties.generalCategory, last == .otherPunctuation || last == .dashPunctuation {
            words = words.dropLast()
        }
        // A summary of "…" alone says nothing: what fits of the first word says a little.
        return String(words.isEmpty ? room : words) + "…"
    }
}
