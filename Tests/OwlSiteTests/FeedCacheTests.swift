import Foundation
import Owl
import Testing
@testable import OwlSite

/// A feed is made again only when what it shows changed; otherwise the output's file is kept.
@Suite struct FeedCacheTests {
    private func build(_ site: SiteFixture) throws -> BuildReport {
        try SiteBuilder(options: BuildOptions(source: site.root, quiet: true)).build()
    }

    /// The output of a clean build (no cache) of the site's sources, compared with the site's.
    private func expectACleanBuildsOutput(_ site: SiteFixture, _ comment: Comment) throws {
        let clean = site.root.appendingPathComponent("clean")
        defer { try? FileManager.default.removeItem(at: clean) }
        _ = try SiteBuilder(options: BuildOptions(source: site.root, output: clean, quiet: true, incremental: false)).build()
        let differences = FolderSnapshot(site.output, excluding: AtomicBuildTests.buildDependent)
            .differences(from: FolderSnapshot(clean, excluding: AtomicBuildTests.buildDependent))
        #expect(differences.isEmpty, comment)
    }

    /// Each feed shows its newest entry (`feedCount: 1`): the site's and the posts' show
    /// `fourth`, tag a's `third`, tag b's `second`, tag c's `fourth`.
    @Test func aFeedIsMadeAgainOnlyWhenWhatItShowsChanged() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let config = site.root.appendingPathComponent("owl.yml")
        let settings = try String(contentsOf: config, encoding: .utf8) + "feedCount: 1\n"
        try settings.write(to: config, atomically: true, encoding: .utf8)
        let feeds = try build(site).renderedFeedCount
        #expect(feeds >= 5)
        #expect(try build(site).renderedFeedCount == 0, "nothing changed")

        try site.write("content/posts/first.md", "---\ntitle: Post first\ndate: 2022-01-05\ntags: [a, b]\n---\n\nFirst, edited.\n")
        #expect(try build(site).renderedFeedCount == 0, "no feed shows first")
        try expectACleanBuildsOutput(site, "first edited")

        try site.write("content/posts/fourth.md", "---\ntitle: Post fourth\ndate: 2024-02-02\ntags: [c]\n---\n\nFourth, edited.\n")
        #expect(try build(site).renderedFeedCount == 3, "the site's, the posts' and tag c's")
        #expect(try site.page("feed.xml").contains("Fourth, edited."))
        try expectACleanBuildsOutput(site, "fourth edited")

        // A feed changed by hand in the output is made again.
        try Data("by hand".utf8).write(to: site.output.appendingPathComponent("tags/a/feed.xml"))
        #expect(try build(site).renderedFeedCount == 1)
        try expectACleanBuildsOutput(site, "a feed changed by hand")

        // A setting every feed shows makes every feed again.
        try settings.replacingOccurrences(of: "title: Fixture", with: "title: Fixture, renamed").write(to: config, atomically: true, encoding: .utf8)
        #expect(try build(site).renderedFeedCount == feeds)
        try expectACleanBuildsOutput(site, "the site renamed")
    }

    /// The key changes with each thing a feed shows, and with nothing else.
    @Test func aFeedsKeyFollowsWhatItShows() throws {
        let markdown = MarkdownRenderer(allowsRawHTML: false, rootPath: "/")
        func item(_ text: String) throws -> ContentItem {
            var item = try ContentItem(parsing: text, source: "content/posts/a.md", relativePath: "posts/a.md", markdown: markdown)
            item.fingerprint = ItemFingerprint(file: XXH64.hash(text.utf8), listing: 1)
            return item
        }
        let text = "---\ntitle: A\ndate: 2024-01-02\n---\nBody.\n"
        let feed = FeedSpec(file: "feed.xml", pagePath: "/", title: nil, items: [0])
        let config = SiteConfig()
        let key = FeedCache.key(of: feed, items: [try item(text)], config: config, renderer: "r")
        #expect(FeedCache.key(of: feed, items: [try item(text)], config: config, renderer: "r") == key)
        var renamed = config
        renamed.title = "Other"
        var moved = try item(text)
        moved.path = "/elsewhere/"
        var shorter = config
        shorter.feedCount = 0
        let others = [
            FeedCache.key(of: feed, items: [try item(text.replacingOccurrences(of: "Body.", with: "Body, edited."))], config: config, renderer: "r"),
            FeedCache.key(of: feed, items: [moved], config: config, renderer: "r"),
            FeedCache.key(of: feed, items: [try item(text)], config: renamed, renderer: "r"),
            FeedCache.key(of: feed, items: [try item(text)], config: shorter, renderer: "r"),
            FeedCache.key(of: feed, items: [try item(text)], config: config, renderer: "another"),
            FeedCache.key(of: FeedSpec(file: "posts/feed.xml", pagePath: "/posts/", title: "Posts", items: [0]), items: [try item(text)], config: config, renderer: "r"),
        ]
        #expect(Set(others + [key]).count == others.count + 1)
    }
}
