import Testing
@testable import OwlSite

/// The summary of a page whose front matter has none: its first paragraph's text.
@Suite struct FirstParagraphTests {
    private func summary(_ markdown: String, length: Int = 160, rawHTML: Bool = false) -> String? {
        MarkdownRenderer(allowsRawHTML: rawHTML, rootPath: "/", summaryLength: length).render(markdown[...], summarizing: true).summary
    }

    @Test func isTheTextOfTheFirstParagraphWithoutMarkup() {
        let markdown = """
            # Title

            ## Why

            Lists *deserve* **animation**, `code` and [links](https://example.com)
            across lines,\\
            even ~~old~~ new ones & <em>raw</em> HTML.[^1]

            Second paragraph.

            [^1]: A footnote.
            """
        let text = "Lists deserve animation, code and links across lines, even new ones & raw HTML."
        #expect(summary(markdown) == text)
        #expect(summary(markdown, rawHTML: true) == text)
    }

    /// A paragraph of nothing but an image says nothing; nor does a list (whose items hold
    /// paragraphs, even when shown without), or a footnote (which cmark-gfm moves to the end).
    @Test func skipsParagraphsWithoutTextListsAndFootnotes() {
        #expect(summary("[^a]: The note.\n\n![An owl](owl.png)\n\n- an item\n\n  in two paragraphs\n\n> Quoted *words*.\n\nLater.[^a]\n") == "Quoted words.")
        #expect(summary("# Only a heading\n\n- a\n- b[^a]\n\n```\ncode\n```\n\n[^a]: The note.\n") == nil)
        #expect(summary("") == nil)
    }

    /// Struck-through text is what the author took back: without its line it would read as
    /// part of the sentence ("The price is 20 10 euros").
    @Test func leavesOutStruckThroughText() {
        #expect(summary("The price is ~~20~~ 10 euros, ~~*then*~~ now.\n") == "The price is 10 euros, now.")
        #expect(summary("~~All of it, taken back.~~\n\nThe real start.\n") == "The real start.")
    }

    @Test func isOffWithALengthOfZeroOrWhenNotAsked() {
        #expect(summary("Some text.\n", length: 0) == nil)
        #expect(MarkdownRenderer(allowsRawHTML: false, rootPath: "/", summaryLength: 160).render("Some text.\n").summary == nil)
    }

    @Test func isCutAtAWordWhenLong() {
        #expect(FirstParagraph.cut("one two three", to: 13) == "one two three")
        #expect(FirstParagraph.cut("one two three", to: 12) == "one two…")
        #expect(FirstParagraph.cut("one two three", to: 8) == "one two…")
        #expect(FirstParagraph.cut("one two, three", to: 12) == "one two…")
        #expect(FirstParagraph.cut("one (two) three", to: 13) == "one (two)…")
        #expect(FirstParagraph.cut("一つ、二つ", to: 4) == "一つ…")
        #expect(FirstParagraph.cut(", word", to: 2) == ",…")
        #expect(FirstParagraph.cut("onetwothree", to: 6) == "onetw…")
        #expect(FirstParagraph.cut("日本語の文章です", to: 5) == "日本語の…")
        #expect(FirstParagraph.cut("é👍🏽 ab", to: 3).count == 3)
        #expect(summary(String(repeating: "word ", count: 100), length: 30) == "word word word word word word…")
    }

    /// `<!--more-->` ends a summary where its writer chose, however long, and shows nowhere.
    @Test(arguments: [false, true])
    func theSummaryDividerEndsItWhereTheWriterChose(rawHTML: Bool) {
        let markdown = """
            First *paragraph*.

            - a list

            Second paragraph, which goes on.

            <!-- More -->

            After the divider.
            """
        let renderer = MarkdownRenderer(allowsRawHTML: rawHTML, rootPath: "/", summaryLength: 10)
        let rendered = renderer.render(markdown[...], summarizing: true)
        #expect(rendered.summary == "First paragraph. Second paragraph, which goes on.")
        #expect(!rendered.html.contains("<!--") && !rendered.html.lowercased().contains("more"))
        #expect(rendered.html.hasSuffix("<p>After the divider.</p>\n"))
        // Taken out of the page even when the front matter gives the summary.
        #expect(renderer.render(markdown[...]).html == rendered.html)
        // Nothing before it: the first paragraph, as without one.
        #expect(summary("<!--more-->\n\nThe text.\n", rawHTML: rawHTML) == "The text.")
        // Only a divider on a line of its own counts.
        #expect(summary("One <!--more--> line.\n\nTwo.\n", rawHTML: true) == "One line.")
    }
}
