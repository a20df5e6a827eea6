import Foundation
@testable import OwlSite
import Testing

/// A second build re-renders only the pages whose inputs changed.
@Suite struct IncrementalBuildTests {
    private func build(_ site: SiteFixture) throws -> BuildReport {
        try SiteBuilder(options: BuildOptions(source: site.root, quiet: true)).build()
    }

    /// Another version of owl-site may render the same sources differently: it reuses nothing.
    @Test func anotherRendererRendersEveryPageAfresh() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        var options = BuildOptions(source: site.root, quiet: true, renderer: "owl-site one")
        let first = try SiteBuilder(options: options).build()
        #expect(try SiteBuilder(options: options).build().renderedPageCount == 0)
        options.renderer = "owl-site two"
        let other = try SiteBuilder(options: options).build()
        #expect(other.renderedPageCount == other.pageCount)
        #expect(other.buildID == first.buildID, "here both render alike")
        // The Markdown cache is kept for the renderer too: its shards now name the second one.
        let shards = site.root.appendingPathComponent(".owl-cache/markdown")
        let names = try FileManager.default.contentsOfDirectory(atPath: shards.path).filter { $0.hasSuffix(".bin") }
        #expect(!names.isEmpty)
        for name in names {
            let bytes = try Data(contentsOf: shards.appendingPathComponent(name))
            #expect(bytes.range(of: Data("renderer=owl-site two".utf8)) != nil, "\(name)")
        }
        #expect(!BuildOptions.runningExecutable.isEmpty && BuildOptions.runningExecutable != "unknown")
    }

    /// Awaited, a build is the one a waiting caller gets: its report, its reuse, its errors.
    @Test func anAwaitedBuildIsTheSameBuild() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let options = BuildOptions(source: site.root, quiet: true)
        let first = try await SiteBuilder(options: options).build()
        #expect(first.renderedPageCount == first.pageCount)
        // Called from a synchronous closure: the build that holds the calling thread.
        let waitedFor = try { try SiteBuilder(options: options).build() }()
        #expect(waitedFor.renderedPageCount == 0)
        let second = try await SiteBuilder(options: options).build()
        #expect(second.renderedPageCount == 0)
        #expect(second.buildID == first.buildID && waitedFor.buildID == first.buildID)
        try site.write("content/posts/broken.md", "---\ntitle: [unclosed\n---\nBody.\n")
        await #expect(throws: SiteError.self) { try await SiteBuilder(options: options).build() }
        #expect(try site.page("index.html").contains("<html"), "the output stays as it was")
    }

    @Test func rerendersOnlyThePagesThatShowAChangedFile() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let first = try build(site)
        #expect(first.renderedPageCount == first.pageCount)

        let unchanged = try build(site)
        #expect(unchanged.renderedPageCount == 0)
        #expect(unchanged.buildID == first.buildID)

        // A new body shows on the post's own page only: its cells show the rest.
        try site.write("content/posts/first.md", "---\ntitle: Post first\ndate: 2022-01-05\ntags: [a, b]\nsummary: Summary of first.\n---\n\nA new body.\n")
        let edited = try build(site)
        #expect(edited.renderedPageCount == 1)
        #expect(edited.buildID != first.buildID)
        #expect(try site.page("posts/first/index.html").contains("A new body."))
        #expect(edited.changedPageKeys == [PageVersion.hex(PageVersion.key(ofPath: "/posts/first/"))])

        // A new summary shows on its page, /posts/, /tags/a/, /tags/b/ and the home page.
        try site.write("content/posts/first.md", "---\ntitle: Post first\ndate: 2022-01-05\ntags: [a, b]\nsummary: Summed up.\n---\n\nA new body.\n")
        let summarized = try build(site)
        #expect(summarized.renderedPageCount == 5)
        #expect(try site.page("tags/a/index.html").contains("Summed up."))

        // Without one, the first paragraph is the summary: a new one shows in the lists as
        // well, a new paragraph after it on the post's page only.
        let withoutSummary = "---\ntitle: Post first\ndate: 2022-01-05\ntags: [a, b]\n---\n\nSummed up *below*.\n\n"
        try site.write("content/posts/first.md", withoutSummary + "A new body.\n")
        #expect(try build(site).renderedPageCount == 5)
        #expect(try site.page("tags/a/index.html").contains("<p class=\"summary\">Summed up below.</p>"))
        try site.write("content/posts/first.md", withoutSummary + "Another body.\n")
        #expect(try build(site).renderedPageCount == 1)

        // A new title shows in the lists and on the pages that link it as their neighbour:
        // the post, /posts/, /tags/a/, /tags/b/, the home page and /posts/second/.
        try site.write("content/posts/first.md", "---\ntitle: Post one\ndate: 2022-01-05\ntags: [a, b]\nsummary: Summed up.\n---\n\nA new body.\n")
        let retitled = try build(site)
        #expect(retitled.renderedPageCount == 6)
        #expect(try site.page("posts/second/index.html").contains("Post one"))

        // A new section changes the navigation of every page.
        try site.write("content/notes/one.md", "---\ntitle: Note\n---\n")
        let navigation = try build(site)
        #expect(navigation.renderedPageCount == navigation.pageCount)
    }

    /// A link to another page's Markdown file leads to the page, and follows it when its slug moves it.
    @Test func aLinkToAnotherPagesMarkdownFileFollowsThePage() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        // In a section of its own, so that it does not link the post as its neighbour too.
        try site.write("content/notes/links.md", "---\ntitle: Links\n---\n\nSee [the first](../posts/first.md#heading-1).\n")
        let first = try build(site)
        #expect(first.warnings.isEmpty)
        #expect(try site.page("notes/links/index.html").contains("<a href=\"/blog/posts/first/#heading-1\">the first</a>"))
        let source = site.root.appendingPathComponent("content/posts/first.md")
        try site.write("content/posts/first.md", try String(contentsOf: source, encoding: .utf8).replacingOccurrences(of: "title:", with: "slug: one\ntitle:"))
        let moved = try build(site)
        #expect(moved.warnings.filter { $0.file == "content/notes/links.md" }.isEmpty, "(the home page's link to /posts/first/ is broken now)")
        #expect(try site.page("notes/links/index.html").contains("<a href=\"/blog/posts/one/#heading-1\">the first</a>"))
    }

    @Test func anUnchangedBuildLeavesTheOutputAsItIs() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let first = try build(site)
        let index = site.output.appendingPathComponent("index.html").path
        let before = try FileManager.default.attributesOfItem(atPath: index)
        let second = try build(site)
        let after = try FileManager.default.attributesOfItem(atPath: index)
        #expect(second.buildID == first.buildID && second.renderedPageCount == 0)
        #expect(after[.systemFileNumber] as? Int == before[.systemFileNumber] as? Int)
        #expect(after[.modificationDate] as? Date == before[.modificationDate] as? Date)
    }

    /// The cell shows the body itself, or through a template it includes from any folder, or
    /// its table of contents, or its length.
    @Test(arguments: [
        (["Templates/cells/PostCell.mustache": "<a href=\"{{url}}\">{{title}}</a>{{{content}}}\n"], ">A new body</"),
        ([
            "Templates/cells/PostCell.mustache": "<a href=\"{{url}}\">{{title}}</a>{{> snippets/body}}\n",
            "Templates/snippets/body.mustache": "<div>{{{ content }}}</div>\n",
        ], ">A new body</"),
        (["Templates/cells/PostCell.mustache": "<a href=\"{{url}}\">{{title}}</a>{{#toc}}<nav>{{{toc}}}</nav>{{/toc}}\n"], ">A new body</"),
        (["Templates/cells/PostCell.mustache": "<a href=\"{{url}}\">{{title}}</a> {{wordCount}} words\n"], "</a> 5 words"),
    ])
    func cellsThatShowTheBodyAreRenderedAgainWhenItChanges(templates: [String: String], shown: String) throws {
        let site = try SiteFixture()
        defer { site.remove() }
        for (path, text) in templates { try site.write(path, text) }
        _ = try build(site)
        try site.write("content/posts/first.md", "---\ntitle: Post first\ndate: 2022-01-05\ntags: [a, b]\nsummary: Summary of first.\n---\n\n## A new body\n\n## And more\n")
        let edited = try build(site)
        #expect(edited.renderedPageCount == 5)
        #expect(try site.page("posts/index.html").contains(shown))
    }

    /// Every layout sees `site.data`: a data file changed renders every page again.
    @Test func aChangedDataFileRerendersEverything() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.write("data/owner.yml", "name: Ada\n")
        _ = try build(site)
        #expect(try build(site).renderedPageCount == 0)
        try site.write("data/owner.yml", "name: Grace\n")
        let report = try build(site)
        #expect(report.renderedPageCount == report.pageCount)
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("data"))
        #expect(try build(site).renderedPageCount == report.pageCount)
    }

    @Test func aChangedThemeRerendersEverything() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        _ = try build(site)
        try site.write("Templates/partials/footer.mustache", "<footer data-owl-region=\"footer\">mine</footer>\n")
        let report = try build(site)
        #expect(report.renderedPageCount == report.pageCount)
        #expect(try site.page("about/index.html").contains(">mine</footer>"))
    }
}
