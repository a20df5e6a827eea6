import Foundation
import Testing
import TestSupport

@testable import OwlSite

/// A build whose sources changed only in the bodies of their pages takes the previous plan
/// from `.owl-cache/plan.bin`; what comes of the bodies is made again.
@Suite struct PlanCacheTests {
    let root = SiteFixture.packageRoot

    /// The demo site's content and theme.
    private func demo() throws -> (content: SiteContent, templates: TemplateSet) {
        let templates = try TemplateSet(overrides: nil, sourceRoot: root)
        let options = BuildOptions(source: root, includeDrafts: true, incremental: false)
        let config = try SiteConfig.load(from: root.appendingPathComponent("owl.yml"), displayName: "owl.yml")
        return (try SiteContent.load(options, config: config, cache: MarkdownCache(folder: nil, settings: "")), templates)
    }

    /// The bytes `listing` and its companions are kept as, under `key`, in a new cache folder.
    private func saved(_ listing: SitePlan.Listing, companions: PlanCache.Companions, key: UInt64) throws -> (cache: PlanCache, bytes: Data) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("owl-plan-\(UUID().uuidString)")
        let cache = PlanCache(cacheFolder: folder)
        cache.save(listing, companions: companions, key: key)
        return (cache, try Data(contentsOf: try #require(cache.file)))
    }

    @Test func aPlanReadsBackAsItWasSaved() throws {
        let (content, templates) = try demo()
        let plan = try SitePlan(content: content, templates: templates)
        #expect(plan.pages.count > 20 && plan.feeds.count > 1 && !plan.tags.isEmpty)
        let key = PlanCache.key(content: content, templates: templates, renderer: "test")
        let structures = try PageKey.structures(of: plan, sources: PageKey.sources(of: plan), cellsShowContent: templates.cellsShowContent)
        let sitemap = OutputFile(Sitemap.xml(pages: plan.pages, items: content.items, config: content.config)).record
        let first = try saved(plan.listing, companions: PlanCache.Companions(pageKeyStructures: structures, sitemap: sitemap), key: key)
        defer { try? FileManager.default.removeItem(at: first.cache.file!.deletingLastPathComponent()) }
        let (savedKey, listing, companions) = try #require(first.cache.load())
        #expect(savedKey == key)
        #expect(companions.pageKeyStructures == structures && companions.sitemap == sitemap)
        // Saved again from what it read: the same bytes, so nothing was lost or changed.
        let second = try saved(listing, companions: companions, key: key)
        defer { try? FileManager.default.removeItem(at: second.cache.file!.deletingLastPathComponent()) }
        #expect(second.bytes == first.bytes)
        let reused = SitePlan(reusing: listing, content: content)
        #expect(reused.pages.map(\.path) == plan.pages.map(\.path) && reused.warnings == plan.warnings)
        #expect(try PageKey.structures(of: reused, sources: PageKey.sources(of: reused), cellsShowContent: templates.cellsShowContent) == structures)
        // A damaged file gives nothing.
        var damaged = [UInt8](first.bytes)
        damaged[damaged.count / 2] ^= 0x10
        try Data(damaged).write(to: first.cache.file!)
        #expect(first.cache.load() == nil)
    }

    /// The keys made from the structures a plan was saved with are those made from the plan:
    /// a body edit changes the key of the edited item's page, and of the lists that show it
    /// when the cells show bodies, and no other.
    @Test func keysFromSavedStructuresFollowTheBodiesEachPageShows() throws {
        let (content, templates) = try demo()
        let plan = try SitePlan(content: content, templates: templates)
        // An item's page, of an item a list shows.
        let edited = try #require(plan.pages.firstIndex { page in
            guard case let .item(item, _) = page.body else { return false }
            return plan.pages.contains { $0.lists.contains { $0.sections.contains { $0.cells.contains(.item(item)) } } }
        })
        guard case let .item(item, _) = plan.pages[edited].body else { return }
        var bodyEdit = content
        bodyEdit.items[item].fingerprint.file &+= 1
        let reused = SitePlan(reusing: plan.listing, content: bodyEdit)
        for cellsShowContent in [false, true] {
            let structures = try PageKey.structures(of: plan, sources: PageKey.sources(of: plan), cellsShowContent: cellsShowContent)
            func keys(_ plan: SitePlan, _ structures: [UInt64]) -> [UInt64] {
                let sources = PageKey.sources(of: plan)
                return plan.pages.indices.map { PageKey.key(forPage: $0, structure: structures[$0], site: 7, plan: plan, sources: sources, cellsShowContent: cellsShowContent) }
            }
            let before = keys(plan, structures), after = keys(reused, structures)
            #expect(after == keys(reused, try PageKey.structures(of: reused, sources: PageKey.sources(of: reused), cellsShowContent: cellsShowContent)))
            let showing = Set(plan.pages.indices.filter { index in
                index == edited || cellsShowContent && plan.pages[index].lists.contains { $0.sections.contains { $0.cells.contains(.item(item)) } }
            })
            #expect(showing.count > (cellsShowContent ? 1 : 0))
            #expect(Set(plan.pages.indices.filter { before[$0] != after[$0] }) == showing, "cells show content: \(cellsShowContent)")
        }
    }

    @Test func theKeyFollowsListingsNotBodies() throws {
        let (content, templates) = try demo()
        let key = PlanCache.key(content: content, templates: templates, renderer: "test")
        let page = try #require(content.items.firstIndex { $0.kind == .page })
        var body = content
        body.items[page].fingerprint.file &+= 1
        #expect(PlanCache.key(content: body, templates: templates, renderer: "test") == key, "a page's body does not change the plan")
        var listing = content
        listing.items[page].fingerprint.listing &+= 1
        #expect(PlanCache.key(content: listing, templates: templates, renderer: "test") != key)
        if let intro = content.items.firstIndex(where: { $0.kind != .page }) {
            var introBody = content
            introBody.items[intro].fingerprint.file &+= 1
            #expect(PlanCache.key(content: introBody, templates: templates, renderer: "test") != key, "a list page shows its section's text")
        }
        var settings = content
        settings.config.pageSize += 1
        #expect(PlanCache.key(content: settings, templates: templates, renderer: "test") != key)
        #expect(PlanCache.key(content: content, templates: templates, renderer: "other") != key)
        var fewer = content
        fewer.items.removeLast()
        #expect(PlanCache.key(content: fewer, templates: templates, renderer: "test") != key)
    }

    /// A body edit takes the plan from the cache: the build's warnings (those of the plan, from
    /// listings and from bodies alike) and output are a clean build's.
    @Test func aBodyEditGivesTheWarningsAndPagesOfACleanBuild() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        // A tag with no page (a listing's warning) and a link to a place no page has (a body's).
        // The summary is given: one made of the body would be part of the listing.
        let front = "---\ntitle: Odd\ndate: 2022-03-01\ntags: [\"!!\"]\nsummary: Odd links.\n---\n\n"
        try site.write("content/posts/odd.md", front + "[Nowhere](/posts/first/#nowhere)\n")
        let builder = SiteBuilder(options: BuildOptions(source: site.root, quiet: true))
        _ = try builder.build()
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent(".owl-cache/plan.bin").path))
        for (step, body) in ["[Elsewhere](/posts/first/#elsewhere)", "No link now.", "[Back](/posts/first/#nowhere) and [again](#own)"].enumerated() {
            try site.write("content/posts/odd.md", front + body + "\n")
            // The sitemap comes of the plan and is kept with it, unless the output's was changed.
            if step == 1 { try Data("<urlset/>\n".utf8).write(to: site.output.appendingPathComponent("sitemap.xml")) }
            let report = try builder.build()
            let clean = site.root.appendingPathComponent("clean-\(step)")
            let cleanReport = try SiteBuilder(options: BuildOptions(source: site.root, output: clean, quiet: true, incremental: false)).build()
            #expect(report.warnings == cleanReport.warnings, "step \(step)")
            #expect(report.warnings.contains { $0.message.contains("no letters or digits") }, "step \(step)")
            #expect(report.warnings.contains { $0.message.contains("#") } == (step != 1), "step \(step): \(report.warnings)")
            #expect(FolderSnapshot(site.output, excluding: AtomicBuildTests.buildDependent)
                .differences(from: FolderSnapshot(clean, excluding: AtomicBuildTests.buildDependent)).isEmpty, "step \(step)")
        }
    }

    /// The sitemap a plan is kept with is kept from the output only when the output has it:
    /// a build that planned anew and failed leaves the plan in the cache and the older
    /// sitemap in the output, and the next build, taking that plan, makes the sitemap again.
    @Test func aSitemapKeptWithThePlanIsTakenOnlyWhenTheOutputHasIt() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let builder = SiteBuilder(options: BuildOptions(source: site.root, quiet: true))
        _ = try builder.build()
        let post = "content/posts/second.md"
        let text = try String(contentsOf: site.root.appendingPathComponent(post), encoding: .utf8)
        let redated = try #require(text.range(of: #"date: \S+"#, options: .regularExpression).map { text.replacingCharacters(in: $0, with: "date: 2021-06-07") })
        try site.write(post, redated)
        // A copied file where the post's page goes: the build fails once its plan is made and kept.
        try site.write("static/posts/second/index.html", "in the way\n")
        #expect(throws: SiteError.self) { try builder.build() }
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("static/posts/second/index.html"))
        _ = try builder.build()
        let sitemap = try String(contentsOf: site.output.appendingPathComponent("sitemap.xml"), encoding: .utf8)
        #expect(sitemap.contains("2021-06-07"))
        let clean = site.root.appendingPathComponent("clean")
        _ = try SiteBuilder(options: BuildOptions(source: site.root, output: clean, quiet: true, incremental: false)).build()
        #expect(FolderSnapshot(site.output, excluding: AtomicBuildTests.buildDependent)
            .differences(from: FolderSnapshot(clean, excluding: AtomicBuildTests.buildDependent)).isEmpty)
    }
}
