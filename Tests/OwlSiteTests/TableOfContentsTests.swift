import Testing
@testable import OwlSite

/// A body's `h2` and `h3` headings, as nested lists of links to their ids.
@Suite struct TableOfContentsTests {
    private func contents(_ markdown: String) -> String? {
        var html = MarkdownRenderer(allowsRawHTML: true, rootPath: "/").render(markdown[...]).html
        return html.withUTF8 { TableOfContents.html(ofBody: UnsafeRawBufferPointer($0)) }
    }

    @Test func eachH3IsBelowTheH2BeforeIt() {
        let markdown = "### Before\n\n## One\n\n### One *a*\n\n#### Deep\n\n### One b\n\n## Two &amp; `three`\n\n## One\n"
        #expect(contents(markdown) == """
            <ul>
            <li><a href="#before">Before</a></li>
            <li><a href="#one">One</a>
            <ul>
            <li><a href="#one-a">One a</a></li>
            <li><a href="#one-b">One b</a></li>
            </ul>
            </li>
            <li><a href="#two--three">Two &amp; three</a></li>
            <li><a href="#one-1">One</a></li>
            </ul>

            """)
    }

    /// A list of one line says nothing; headings of other levels, or without an id, are no entries.
    @Test func fewerThanTwoHeadingsMakeNone() {
        #expect(contents("## Only\n\nText\n\n# Title\n\n#### Deep\n") == nil)
        #expect(contents("## One\n\n<h3 class=\"x\">Raw, with no id</h3>\n") == nil)
        #expect(contents("## One\n\n<h2>Raw, given an id</h2>\n")?.contains("<li><a href=\"#raw-given-an-id\">Raw, given an id</a></li>") == true)
        #expect(contents("Text\n") == nil)
    }
}
