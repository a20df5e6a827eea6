#if canImport(Glibc)
import Glibc
#endif
import CMarkGFM
import Testing

/// The system library target links libcmark-gfm and its extensions.
@Suite struct CMarkGFMTests {
    @Test func rendersAGFMTableThroughTheTableExtension() throws {
        cmark_gfm_core_extensions_ensure_registered()
        let parser = try #require(cmark_parser_new(CMARK_OPT_DEFAULT))
        defer { cmark_parser_free(parser) }
        let table = try #require(cmark_find_syntax_extension("table"))
        cmark_parser_attach_syntax_extension(parser, table)

        let markdown = "| a | b |\n|---|---|\n| 1 | 2 |\n"
        markdown.withCString { cmark_parser_feed(parser, $0, strlen($0)) }
        let document = try #require(cmark_parser_finish(parser))
        defer { cmark_node_free(document) }

        let rendered = try #require(cmark_render_html(document, CMARK_OPT_DEFAULT, cmark_parser_get_syntax_extensions(parser)))
        defer { free(rendered) }
        let html = String(cString: rendered)

        #expect(html.contains("<table>"))
        #expect(html.contains("<th>a</th>"))
        #expect(html.contains("<td>2</td>"))
    }
}
