import Foundation
import Testing
@testable import OwlSite

/// Internal links that lead to no written file are warnings; everything else is not.
@Suite struct LinkCheckerTests {
    /// The warnings for `markdown` in `content/posts/t.md`, beside `content/posts/other.md`, whose slug is `renamed`.
    private func warnings(_ markdown: String, baseURL: String? = nil) throws -> [String] {
        var config = SiteConfig()
        config.baseURL = baseURL
        let files: Set<String> = [
            "index.html", "about/index.html", "posts/t/index.html", "posts/other/index.html", "posts/renamed/index.html", "files/a b.txt", "feed.xml",
        ]
        return try LinkChecker.warnings(items: items(markdown, config: config), targets: LinkChecker.Targets(files: files, pagePaths: []), config: config, sourceRoot: URL(fileURLWithPath: "/nonexistent"))
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

    /// A page's file is found by the page's path: `posts/a/index.html` is the page
    /// `/posts/a/`, `404.html` the page `/404.html`; other files are found as they are.
    @Test func targetsFindPagesByTheirPaths() {
        let targets = LinkChecker.Targets(files: ["feed.xml", "files/index.html.txt"], pagePaths: ["/", "/404.html", "/about/", "/notes/index.html", "/posts/a/"])
        for file in ["index.html", "404.html", "about/index.html", "notes/index.html", "posts/a/index.html", "feed.xml", "files/index.html.txt"] {
            #expect(targets.contains(file), "\(file)")
        }
        for file in ["about.html", "posts/index.html", "posts/a/", "posts/a/other.html", "posts/b/index.html", "index.htm", "xindex.html", "files/index.html"] {
            #expect(!targets.contains(file), "\(file)")
        }
    }

    @Test func imagesAreCheckedAsLinksAre() throws {
        #expect(try warnings("![x](/files/a%20b.txt) ![y](//cdn.example.com/y.png)").isEmpty)
        #expect(try warnings("![x](/gone.png) ![y](t.png) [z](/gone.png)") == ["broken link: /gone.png", "broken link: t.png"])
    }

    /// A link to another page's Markdown file is pointed at the page, wherever its slug put
    /// it; a fragment or query stays, and so does a link to a file that is no page.
    @Test(arguments: [
        ("other.md", nil, "/posts/renamed/"), ("/posts/other.md#top", nil, "/posts/renamed/#top"),
        ("../posts/other.md", nil, "/posts/renamed/"), ("./other.md?x=1&y=2", nil, "/posts/renamed/?x=1&amp;y=2"),
        ("other.md", "https://example.com/blog/", "/blog/posts/renamed/"), ("/posts/other.md", "https://example.com/blog/", "/blog/posts/renamed/"),
        ("t.md", nil, "/posts/t/"), ("gone.md", nil, "gone.md"), ("../other.md", nil, "../other.md"),
    ] as [(String, String?, String)])
    func aLinkToAPagesMarkdownFileLeadsToThePage(link: String, baseURL: String?, address: String) throws {
        var config = SiteConfig()
        config.baseURL = baseURL
        var items = try items("[x](\(link)) and [y](\(link))", config: config)
        SiteContent.linkingPages(of: &items, rootPath: config.rootPath)
        let rewritten = address != link
        #expect(items[0].body.components(separatedBy: "<a href=\"\(address)\">").count == 3, "\(items[0].body)")
        #expect((items[0].fingerprint != ItemFingerprint(file: 0, listing: 0)) == rewritten)
        #expect(items[1].body == (try self.items("", config: config))[1].body, "the other is as it was")
        let files: Set<String> = ["posts/t/index.html", "posts/renamed/index.html"]
        let warnings = try LinkChecker.warnings(items: items, targets: LinkChecker.Targets(files: files, pagePaths: []), config: config, sourceRoot: URL(fileURLWithPath: "/nonexistent"))
        #expect(warnings.map(\.message) == (rewritten ? [] : ["broken link: \(link)"]))
    }

    /// The pages' addresses are part of the linking item's fingerprint: when the other page
    /// moves, the item's page is rendered again.
    @Test func theLinkedPagesAddressIsPartOfTheFingerprint() throws {
        var items = try items("[x](other.md)", config: SiteConfig())
        var moved = items
        moved[1].path = "/posts/elsewhere/"
        SiteContent.linkingPages(of: &items, rootPath: "/")
        SiteContent.linkingPages(of: &moved, rootPath: "/")
        #expect(moved[0].body.contains("href=\"/posts/elsewhere/\""))
        #expect(items[0].fingerprint.file != moved[0].fingerprint.file)
        #expect(items[0].fingerprint.listing == moved[0].fingerprint.listing)
    }

    /// cmark-gfm writes a link's `'` as `&#x27;`: a file whose name has one is found all the same.
    @Test func aLinkToAMarkdownFileWithAnApostropheLeadsToItsPage() throws {
        let renderer = MarkdownRenderer(allowsRawHTML: false, rootPath: "/")
        var items = [
            try ContentItem(parsing: "---\ntitle: T\n---\n\n[x](it's.md) [y](it's.md?a='b'#top)", source: "content/posts/t.md", relativePath: "posts/t.md", markdown: renderer),
            try ContentItem(parsing: "---\ntitle: I\n---\n", source: "content/posts/it's.md", relativePath: "posts/it's.md", markdown: renderer),
        ]
        #expect(items[0].links == ["it's.md", "it's.md?a='b'#top"])
        SiteContent.linkingPages(of: &items, rootPath: "/")
        #expect(items[0].body.contains("<a href=\"/posts/it&#x27;s/\">x</a> <a href=\"/posts/it&#x27;s/?a=&#x27;b&#x27;#top\">y</a>"), "\(items[0].body)")
        #expect(try LinkChecker.warnings(items: items, targets: LinkChecker.Targets(files: ["posts/it's/index.html"], pagePaths: []), config: SiteConfig(), sourceRoot: URL(fileURLWithPath: "/nonexistent")).isEmpty)
    }

    /// `content/posts/t.md` with `markdown` for its body, and `content/posts/other.md`, whose slug is `renamed`.
    private func items(_ markdown: String, config: SiteConfig) throws -> [ContentItem] {
        let renderer = MarkdownRenderer(allowsRawHTML: false, rootPath: config.rootPath)
        return [
            try ContentItem(parsing: "---\ntitle: T\n---\n\n" + markdown, source: "content/posts/t.md", relativePath: "posts/t.md", markdown: renderer),
            try ContentItem(parsing: "---\nslug: renamed\n---\n", source: "content/posts/other.md", relativePath: "posts/other.md", markdown: renderer),
        ]
    }

    @Test func aBasePathIsPartOfInternalLinks() throws {
        #expect(try warnings("[x](/about/)", baseURL: "https://example.com/blog/").isEmpty)
        #expect(try warnings("[x](/gone/)", baseURL: "https://example.com/blog/").count == 1)
    }
}
