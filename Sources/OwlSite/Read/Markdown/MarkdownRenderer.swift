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
        /// What the document holds that the page does not show as written (``ForeignSyntax``).
        var warnings: [SiteError] = []
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

    /// The HTML of `markdown`, and when `summarizing`, its summary. Warnings name `file`,
    /// in which the Markdown begins on `firstLine`.
    func render(_ markdown: Substring, summarizing: Bool = false, file: String = "", firstLine: Int = 1) -> Rendered {
        withDocument(markdown) { document, extensions in
            if highlightsCode { CodeHighlighter.highlightCodeBlocks(in: document) }
            HeadingAttributes.mark(in: document)
            let warnings = ForeignSyntax(document: document, countsRawHTML: !allowsRawHTML).warnings(file: file, firstLine: firstLine)
            let divided = SummaryDivider.takeSummary(from: document)
            let summary = summarizing ? divided ?? FirstParagraph.text(of: document, length: summaryLength) : nil
            guard let rendered = cmark_render_html(document, options, extensions) else { return Rendered(html: "", summary: summary, warnings: warnings) }
            defer { free(rendered) }
            let html = UnsafeBufferPointer(start: UnsafeRawPointer(rendered).assumingMemoryBound(to: UInt8.self), count: strlen(rendered))
            return Rendered(html: HTMLRewriter(rootPath: rootPath).rewrite(html), summary: summary, warnings: warnings)
        } ?? Rendered(html: "")
    }

    /// The text of `markdown`'s paragraphs, each run of white space one space: a summary
    /// written before an excerpt separator.
    func plainText(of markdown: Substring) -> String? {
        withDocument(markdown) { document, _ in
            var paragraphs: [String] = []
            var node = cmark_node_first_child(document)
            while let current = node {
                if cmark_node_get_type(current) == CMARK_NODE_PARAGRAPH { paragraphs.append(FirstParagraph.text(ofParagraph: current)) }
                node = cmark_node_next(current)
            }
            let text = paragraphs.filter { !$0.isEmpty }.joined(separator: " ")
            return text.isEmpty ? nil : text
        } ?? nil
    }

    /// Calls `body` with the parsed document of `markdown` and the parser's extensions.
    private func withDocument<Result>(_ markdown: Substring, _ body: (OpaquePointer, UnsafeMutablePointer<cmark_llist>?) -> Result) -> Result? {
        _ = Self.registered
        guard let parser = cmark_parser_new(options) else { return nil }
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
        guard let document = finished else { return nil }
        defer { cmark_node_free(document) }
        return body(document, cmark_parser_get_syntax_extensions(parser))
    }
}
