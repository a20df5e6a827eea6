import CMarkGFM
import Owl

extension CodeHighlighter {
    /// Puts each fenced code block in a known language in place of itself, highlighted: as
    /// a custom block, whose HTML cmark-gfm writes as it is (raw HTML allowed or not).
    static func highlightCodeBlocks(in document: OpaquePointer) {
        guard let iterator = cmark_iter_new(document) else { return }
        var blocks: [OpaquePointer] = []
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK {
                blocks.append(node)
            }
        }
        cmark_iter_free(iterator)
        for block in blocks {
            let info = cmark_node_get_fence_info(block).map { String(cString: $0) } ?? ""
            guard let language = CodeLanguage.named(info), let custom = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { continue }
            let code = cmark_node_get_literal(block).map { String(cString: $0) } ?? ""
            // The class cmark-gfm gives the block: the info string's first word.
            let name = info.prefix { !$0.isWhitespace }
            let html = #"<pre><code class="language-"# + HTML.escape(String(name)) + #"">"#
                + CodeHighlighter(language: language).html(code) + "</code></pre>\n"
            cmark_node_set_on_enter(custom, html)
            cmark_node_set_on_exit(custom, "")
            if cmark_node_replace(block, custom) == 1 { cmark_node_free(block) } else { cmark_node_free(custom) }
        }
    }
}
