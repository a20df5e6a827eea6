import Foundation
import Testing
import TestSupport

@testable import OwlSite

/// Links to a place in a page (`#notes`, `/posts/a/#notes`) whose page has no element of
/// that id are warned about, with their file and line: a page's links to places on itself
/// when it is parsed (and kept with it in the cache), links to other pages by every build.
@Suite struct FragmentCheckerTests {
    private let front = "---\ntitle: Notes\ndate: 2022-03-01\nsummary: Given.\n---\n\n"

    /// The warnings about places, as `file:line: message`, of a build of `site`.
    private func placeWarnings(_ site: SiteFixture, incremental: Bool = true) throws -> [String] {
        let options = incremental ? BuildOptions(source: site.root, quiet: true)
            : BuildOptions(source: site.root, output: site.root.appendingPathComponent("clean"), quiet: true, incremental: false)
        return try SiteBuilder(options: options).build().warnings.map(\.description).filter { $0.contains("no element with the id") }
    }

    @Test func aPageLinkingToAPlaceItLacksIsWarnedAboutAtItsLine() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.write("content/posts/notes.md", front + "## Intro\n\nSee [intro](#intro).\n\nAnd [gone](#gone), [twice](#gone).\n")
        let expected = ["content/posts/notes.md:11: link to #gone: the page has no element with the id 'gone'"]
        #expect(try placeWarnings(site) == expected)
        // Taken from the cache: the same warning; and a clean build's.
        #expect(try placeWarnings(site) == expected)
        #expect(try placeWarnings(site, incremental: false) == expected)
        let item = try ContentItem(parsing: front + "[a](#a) [b](#b)\n\n## A\n", source: "content/posts/x.md", relativePath: "posts/x.md",
                                   markdown: MarkdownRenderer(allowsRawHTML: false, highlightsCode: false, rootPath: "/", summaryLength: 160))
        #expect(item.ownFragments.isEmpty, "a page's own places are checked once, not kept")
        #expect(item.warnings.map(\.description) == ["content/posts/x.md:7: link to #b: the page has no element with the id 'b'"])
    }

    /// An item read from the cache's form keeps its element ids as bytes until they are
    /// read, and writes them back as they were.
    @Test func elementIDsReadBackAsWritten() throws {
        let markdown = MarkdownRenderer(allowsRawHTML: false, highlightsCode: false, rootPath: "/", summaryLength: 160)
        let item = try ContentItem(parsing: front + "## One\n\n## Two & three\n\nText[^n].\n\n[^n]: Note.\n", source: "content/posts/x.md",
                                   relativePath: "posts/x.md", markdown: markdown)
        #expect(item.ids.count >= 3 && item.ids.starts(with: ["one", "two--three"]), "\(item.ids)")
        var first = BinaryWriter()
        _ = item.write(to: &first)
        var input = BinaryReader(SharedBytes(first.bytes))
        let read = try ContentItem(from: &input, html: item.html)
        guard case .encoded = read.elementIDs else { Issue.record("decoded when read"); return }
        #expect(read.ids == item.ids)
        var second = BinaryWriter()
        _ = read.write(to: &second)
        #expect(second.bytes == first.bytes)
    }

    /// A link to another page's place is checked by each build against that page's ids: it
    /// warns when the other page loses the element, and stops when the element is back.
    @Test func aLinkToAnotherPagesPlaceFollowsThatPage() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.write("content/posts/target.md", front + "## Setup\n\nText.\n")
        // The site is served from /blog/: its links to its pages are given that root.
        try site.write("content/posts/linking.md", front + "Read [setup](/posts/target/#setup).\n")
        #expect(try placeWarnings(site).isEmpty)
        try site.write("content/posts/target.md", front + "## Install\n\nText.\n")
        #expect(try placeWarnings(site) == ["content/posts/linking.md:7: link to /blog/posts/target/#setup: the page has no element with the id 'setup'"])
        // The target taken from the cache, its ids read from there.
        try site.write("content/posts/linking.md", front + "Now read [install](/posts/target/#install).\n")
        #expect(try placeWarnings(site).isEmpty)
        try site.write("content/posts/linking.md", front + "Read [setup](/posts/target/#setup).\n")
        #expect(try placeWarnings(site) == ["content/posts/linking.md:7: link to /blog/posts/target/#setup: the page has no element with the id 'setup'"])
        try site.write("content/posts/target.md", front + "## Setup\n\nBack.\n")
        #expect(try placeWarnings(site).isEmpty)
    }
}
