import CMarkGFM

/// `<!--more-->` on a line of its own: the divider with which Hugo and Jekyll sites end a
/// page's summary. What comes before it sums the page up, however long; the divider itself
/// shows nowhere.
enum SummaryDivider {
    /// Takes the first divider at the top level of `document` (a parsed cmark-gfm document)
    /// out of it, and returns the text of the paragraphs before it, each run of white space
    /// one space; nil when there is no divider, or no text before it.
    static func takeSummary(from document: OpaquePointer) -> String? {
        var node = cmark_node_first_child(document)
        while let current = node, !isDivider(current) { node = cmark_node_next(current) }
        guard let divider = node else { return nil }
        var paragraphs: [String] = []
        var before = cmark_node_previous(divider)
        while let current = before {
            if cmark_node_get_type(current) == CMARK_NODE_PARAGRAPH { paragraphs.append(FirstParagraph.text(ofParagraph: current)) }
            before = cmark_node_previous(current)
        }
        cmark_node_unlink(divider)
        cmark_node_free(divider)
        let text = paragraphs.reversed().filter { !$0.isEmpty }.joined(separator: " ")
        return text.isEmpty ? nil : text
    }

    /// Whether the block is the HTML block `<!--more-->`, in any case and with spaces inside or around it.
    private static func isDivider(_ block: OpaquePointer) -> Bool {
        guard cmark_node_get_type(block) == CMARK_NODE_HTML_BLOCK, let literal = cmark_node_get_literal(block) else { return false }
        let text = String(cString: literal).lowercased().filter { !$0.isWhitespace }
        return text == "<!--more-->"
    }
}
