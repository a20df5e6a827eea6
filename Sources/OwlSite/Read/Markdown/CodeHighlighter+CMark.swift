import CMarkGFM
import Owl

extension CodeHighlighter {
    /// Puts each fenced code block in a known language in place of itself, highlighted: as
    /// a custom block, whose HTML cmark-gfm writes as it is (raw HTML allowed or not).
    static func highlightCodeBlocks(in document: OpaquePointer) {
        for block in codeBlocks(in: document) {
            let info = cmark_node_get_fence_info(block).map { String(cString: $0) } ?? ""
            guard let highlighter = named(info), let custom = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { continue }
            let code = cmark_node_get_literal(block).map { String(cString: $0) } ?? ""
            // The class cmark-gfm gives the block: the info string's first word.
            let name = info.prefix { !$0.isWhitespace }
            let html = #"<pre><code class="language-"# + HTML.escape(String(name)) + #"">"#
                + highlighter.html(code) + "</code></pre>\n"
            cmark_node_set_on_enter(custom, html)
            cmark_node_set_on_exit(custom, "")
            if cmark_node_replace(block, custom) == 1 { cmark_node_free(block) } else { cmark_node_free(custom) }
        }
    }

    /// The code blocks of `document`, found among its blocks without a look at the inlines
    /// that make up most of its nodes (nor recursion, however deep lists and quotes nest).
    private static func codeBlocks(in document: OpaquePointer) -> [OpaquePointer] {
        var blocks: [OpaquePointer] = []
        var containers = [document]
        while let container = containers.popLast() {
            var child = cmark_node_first_child(container)
            while let node = child {
                switch cmark_node_get_type(node) {
                case CMARK_NODE_CODE_BLOCK: blocks.append(node)
                case CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST, CMARK_NODE_ITEM, CMARK_NODE_FOOTNOTE_DEFINITION: containers.append(node)
                default: break
                }
                child = cmark_node_next(node)
            }
        }
        return blocks
    }
}
