import Foundation
import Testing
@testable import OwlSite

/// Internal links that lead to no written file are warnings; everything else is not.
@Suite struct LinkCheckerTests {
    /// The warnings for `markdown` in `content/posts/t.md`, beside `content/posts/other.md`, whose slug is `renamed`.
    private func warnings(_ markdown: String, baseURL: String? = nil) throws -> [String] {
        var config = SiteConfig()
        config.baseURL = baseURL
        let renderer = MarkdownRenderer(allowsRawHTML: false, rootPath: config.rootPath)
        let item = try ContentItem(parsing: "---\ntitle: T\n---\n\n" + markdown, source: "content/posts/t.md", relativePath: "posts/t.md", markdown: renderer)
        let other = try ContentItem(parsing: "---\nslug: renamed\n---\n", source: "content/posts/other.md", relativePath: "posts/other.md", markdown: renderer)
        let files: Set<String> = [
            "index.html", "about/index.html", "posts/t/index.html", "posts/other/index.html", "posts/renamed/index.html", "files/a b.txt", "feed.xml",
        ]
        return try LinkChecker.warnings(items: [item, other], outputFiles: files, config: config, sourceRoot: URL(fileURLWithPath: "/nonexistent"))
            .map(\.message)
    }

    @Test(arguments: [
        "[x](https://example.com/gone/)", "[x](mailto:me@example.com)", "[x](#section)", "[x](/about/#team)",
        "[x](/about/?tab=1)", "[x](/about/)", "[x](/about)", "[x](../other/)", "[x](/files/a%20b.txt)", "[x](/feed.xml)",
        "[x](//cdn.example.com/a.js)", "[x](/)", "[x](../../)", "[x](../..)",
    ])
    func linksToWrittenFilesOrElsewhereAreFine(_ link: String) throws {
        #expect(try warnings(link).isEmpty)
    }

    @Test(arguments: ["[x](/gone/)", "[x](../gone/)", "[x](/about/more/)", "[x](/files/a%20c.txt)", "[x](gone.html?x=1#y)"])
    func linksToMissingFilesAreWarnings(_ link: String) throws {
        #expect(try warnings(link).count == 1)
    }

    @Test func imagesAreCheckedAsLinksAre() throws {
        #expect(try warnings("![x](/files/a%20b.txt) ![y](//cdn.example.com/y.png)").isEmpty)
        #expect(try warnings("![x](/gone.png) ![y](t.png) [z](/gone.png)") == ["broken link: /gone.png", "broken link: t.png"])
    }

    /// A link to another page's Markdown file leads nowhere: the warning names the page, wherever its slug put it.
    @Test(arguments: ["other.md", "/posts/other.md#top", "../posts/other.md", "./other.md?x=1"])
    func aLinkToAPagesMarkdownFileNamesThePage(_ link: String) throws {
        #expect(try warnings("[x](\(link))") == ["broken link: \(link) (the source of the page /posts/renamed/: link to the page instead)"])
    }

    @Test func aBasePathIsPartOfInternalLinks() throws {
        #expect(try warnings("[x](/about/)", baseURL: "https://example.com/blog/").isEmpty)
        #expect(try warnings("[x](/gone/)", baseURL: "https://example.com/blog/").count == 1)
    }
}
