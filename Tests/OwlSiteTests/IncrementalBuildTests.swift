import Foundation
import OwlSite
import Testing

/// A second build re-renders only the pages whose inputs changed.
@Suite struct IncrementalBuildTests {
    private func build(_ site: SiteFixture) throws -> BuildReport {
        try SiteBuilder(options: BuildOptions(source: site.root, quiet: true)).build()
    }

    @Test func rerendersOnlyThePagesThatShowAChangedFile() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let first = try build(site)
        #expect(first.renderedPageCount == first.pageCount)

        let unchanged = try build(site)
        #expect(unchanged.renderedPageCount == 0)
        #expect(unchanged.buildID == first.buildID)

        // posts/first.md is on its page, /posts/, /tags/a/, /tags/b/ and the home page.
        try site.write("content/posts/first.md", "---\ntitle: Post first\ndate: 2022-01-05\ntags: [a, b]\nsummary: Summary of first.\n---\n\nA new body.\n")
        let edited = try build(site)
        #expect(edited.renderedPageCount == 5)
        #expect(edited.buildID != first.buildID)
        #expect(try site.page("posts/first/index.html").contains("A new body."))
        #expect(try site.page("posts/second/index.html").contains("<meta name=\"owl-build\" content=\"\(edited.buildID)\">"))

        // A new section changes the navigation of every page.
        try site.write("content/notes/one.md", "---\ntitle: Note\n---\n")
        let navigation = try build(site)
        #expect(navigation.renderedPageCount == navigation.pageCount)
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
