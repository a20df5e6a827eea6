import Foundation
import Testing

@testable import Owl
@testable import OwlSite

/// A list page that renders again takes the cells of unchanged items from `.owl-cache/cells.bin`,
/// renders the others, and makes exactly the page a renderer without a cache makes.
@Suite struct CellCacheTests {
    let root = SiteFixture.packageRoot

    /// The demo site's plan, its pages rendered by a renderer with `reuse` and by one without.
    private func demo() throws -> (plan: SitePlan, config: SiteConfig, templates: TemplateSet) {
        let templates = try TemplateSet(overrides: nil, sourceRoot: root)
        let options = BuildOptions(source: root, includeDrafts: true, incremental: false)
        let config = try SiteConfig.load(from: root.appendingPathComponent("owl.yml"), displayName: "owl.yml")
        let content = try SiteContent.load(options, config: config, cache: MarkdownCache(folder: nil, settings: ""))
        return (try SitePlan(content: content, templates: templates), config, templates)
    }

    private func pages(_ renderer: PageRenderer, of plan: SitePlan) throws -> [String] {
        try plan.pages.map { page in
            guard case let .bytes(bytes) = try renderer.render(page).output.content else { return "" }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    @Test func cellsAreTakenFromTheCacheOnlyWhileTheirInputsAreTheSame() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("owl-cells-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var (plan, config, templates) = try demo()
        let reuse = PageRenderer.CellReuse(cache: CellCache(cacheFolder: folder), naming: CellCache.Naming(site: 42), sources: PageKey.sources(of: plan))
        let uncached = try pages(PageRenderer(plan: plan, config: config, templates: templates, rendering: Array(plan.pages.indices)), of: plan)

        // The first renders every cell, and keeps them.
        let first = try PageRenderer(plan: plan, config: config, templates: templates, rendering: Array(plan.pages.indices), reuse: reuse)
        #expect(first.renderedCells)
        #expect(try pages(first, of: plan) == uncached)
        reuse.cache.save(first.cellsToKeep(reuse: reuse))
        let kept = reuse.cache.load()
        #expect(!kept.isEmpty)

        // The second renders none, and makes the same pages.
        let second = try PageRenderer(plan: plan, config: config, templates: templates, rendering: Array(plan.pages.indices), reuse: reuse)
        #expect(!second.renderedCells)
        #expect(try pages(second, of: plan) == uncached)

        // An item retitled (its listing fingerprint changes with it) renders its cell again.
        let index = try #require(plan.items.indices.first { index in plan.pages.contains { $0.lists.contains { $0.sections.contains { $0.cells.contains(.item(index)) } } } })
        plan.items[index].title = "A title no cache holds"
        plan.items[index].fingerprint.listing &+= 1
        let third = try PageRenderer(plan: plan, config: config, templates: templates, rendering: Array(plan.pages.indices), reuse: reuse)
        #expect(third.renderedCells)
        let retitled = try pages(third, of: plan)
        #expect(retitled == (try pages(PageRenderer(plan: plan, config: config, templates: templates, rendering: Array(plan.pages.indices)), of: plan)))
        #expect(retitled.contains { $0.contains("A title no cache holds") })

        // Another site key (the theme, the settings, the program) takes nothing from the cache.
        let otherSite = PageRenderer.CellReuse(cache: reuse.cache, naming: CellCache.Naming(site: 43), sources: reuse.sources)
        #expect(try PageRenderer(plan: plan, config: config, templates: templates, rendering: Array(plan.pages.indices), reuse: otherSite).renderedCells)
    }

    @Test func aDamagedOrForeignFileHoldsNoCells() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("owl-cells-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = CellCache(cacheFolder: folder)
        #expect(cache.load().isEmpty)
        cache.save([CellCache.Slot(source: 1, template: 2): CellCache.Cell(key: 3, html: "<li>cell</li>")])
        #expect(cache.load()[CellCache.Slot(source: 1, template: 2)]?.html == "<li>cell</li>")
        let file = folder.appendingPathComponent("cells.bin")
        var bytes = try [UInt8](Data(contentsOf: file))
        bytes[bytes.count / 2] ^= 0x01
        try Data(bytes).write(to: file)
        #expect(cache.load().isEmpty)
        try Data("not a cache file".utf8).write(to: file)
        #expect(cache.load().isEmpty)
    }
}
