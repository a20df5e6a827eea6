#if canImport(Glibc)
import Glibc
#endif
import CMarkGFM
import Synchronization

/// GitHub-flavoured Markdown to HTML through libcmark-gfm: tables, strikethrough, autolinks,
/// the tag filter, task lists and footnotes; ids on headings; root-relative links under the
/// base path; code blocks in a known language highlighted.
struct MarkdownRenderer: Sendable {
    /// Lets raw HTML through; otherwise it is replaced by a comment.
    var allowsRawHTML: Bool
    /// Marks up the tokens of fenced code blocks whose language ``CodeLanguage`` knows.
    var highlightsCode = true
    /// The site's base path (`/` or `/blog/`), put in front of root-relative links.
    var rootPath: String
    /// The most characters of the first paragraph a ``Rendered/summary`` holds (0: none).
    var summaryLength = 0

    /// A document's HTML, and its summary: the text before its ``SummaryDivider``, or else its
    /// first paragraph's (``FirstParagraph``).
    struct Rendered {
        var html: String
        var summary: String?
    }

    private static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]
    private static let registered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// Held while cmark-gfm finishes a document. It puts the inline characters of the
    /// extensions (`~` for strikethrough, `:` and `w` for autolinks) into a table that every
    /// parser shares, parses the inlines, and takes them out again (github/cmark-gfm#176):
    /// a document finished while another one is could lose its strikethrough and autolinks.
    /// Reading the blocks and writing the HTML still run on both cores.
    private static let finishing = Mutex(())

    private var options: Int32 {
        CMARK_OPT_FOOTNOTES | CMARK_OPT_TABLE_PREFER_STYLE_ATTRIBUTES | (allowsRawHTML ? CMARK_OPT_UNSAFE : CMARK_OPT_DEFAULT)
    }

    /// The HTML of `markdown`, and when `summarizing`, its summary.
    func render(_ markdown: Substring, summarizing: Bool = false) -> Rendered {
        _ = Self.registered
        guard let parser = cmark_parser_new(options) else { return Rendered(html: "") }
        defer { cmark_parser_free(parser) }
        for name in Self.extensionNames {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        var text = String(markdown)
        text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        var finished: OpaquePointer?
        Self.finishing.withLock { _ in finished = cmark_parser_finish(parser) }
        guard let document = finished else { return Rendered(html: "") }
        defer { cmark_node_free(document) }
        if highlightsCode { CodeHighlighter.highlightCodeBlocks(in: document) }
        let divided = SummaryDivider.takeSummary(from: document)
        let summary = summarizing ? divided ?? FirstParagraph.text(of: document, length: summaryLength) : nil
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else { return Rendered(html: "", summary: summary) }
        defer { free(rendered) }
        let html = UnsafeBufferPointer(start: UnsafeRawPointer(rendered).assumingMemoryBound(to: UInt8.self), count: strlen(rendered))
        return Rendered(html: HTMLRewriter(rootPath: rootPath).rewrite(html), summary: summary)
    }
}
