import Foundation
import Testing
import TestSupport

@testable import Owl
@testable import OwlSite

/// A build whose theme an earlier build compiled takes its templates from
/// `.owl-cache/theme.bin` rather than parsing them; they render as parsed ones do.
@Suite struct ThemeCacheTests {
    let root = SiteFixture.packageRoot

    /// A cache in a new folder, removed by `body`'s end.
    private func withCache(renderer: String = "test", _ body: (ThemeCache, URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("owl-theme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(ThemeCache(cacheFolder: folder, renderer: renderer), folder)
    }

    @Test func theBuiltInThemeIsKeptAsItWasCompiled() throws {
        try withCache { cache, _ in
            let parsed = try TemplateSet(overrides: nil, sourceRoot: root, cache: cache)
            let kept = try #require(cache.load(fingerprint: parsed.fingerprint))
            #expect(kept == ThemeCache.Entry(compiled: parsed.library.compiled, cellsShowContent: parsed.cellsShowContent))
            #expect(kept.compiled.count == parsed.names.count, "every built-in template compiles")

            let taken = try TemplateSet(overrides: nil, sourceRoot: root, cache: cache)
            #expect(taken.library.compiled == parsed.library.compiled)
            #expect(taken.fingerprint == parsed.fingerprint && taken.names == parsed.names && taken.cellsShowContent == parsed.cellsShowContent)
            // Another program, or another theme, finds nothing kept.
            #expect(ThemeCache(cacheFolder: cache.file!.deletingLastPathComponent(), renderer: "other").load(fingerprint: parsed.fingerprint) == nil)
            #expect(cache.load(fingerprint: parsed.fingerprint + "0") == nil)
        }
    }

    /// A site's own template that swift-mustache alone renders (a parent template with a
    /// block) is parsed from its text when it is first rendered, and renders as it did.
    @Test func aTemplateTheCompiledFormCannotRenderIsParsedWhenFirstRendered() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.write("Templates/frame.mustache", "<div>{{$inside}}empty{{/inside}}</div>\n")
        try site.write("Templates/cells/PostCell.mustache", "{{<frame}}{{$inside}}<b>{{title}}</b> {{#tags}}[{{.}}]{{/tags}}{{/inside}}{{/frame}}\n")
        let folder = site.root.appendingPathComponent("Templates")
        try withCache { cache, _ in
            let parsed = try TemplateSet(overrides: folder, sourceRoot: site.root, cache: cache)
            #expect(parsed.library.compiled["cells/PostCell"] == nil)
            let taken = try TemplateSet(overrides: folder, sourceRoot: site.root, cache: cache)
            #expect(taken.library.compiled == parsed.library.compiled)
            let values: [String: TemplateValue] = ["title": .text("A & B"), "tags": .list([.text("x"), .text("y")])]
            let html = taken.render("cells/PostCell", values)
            #expect(html == parsed.render("cells/PostCell", values))
            // The parent's line, and the line the cell's file ends with.
            #expect(html == "<div><b>A &amp; B</b> [x][y]</div>\n\n")
        }
    }

    /// A template changed by the site is parsed again, and what it says now is what renders.
    @Test func aChangedTemplateIsParsedAgain() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let folder = site.root.appendingPathComponent("Templates")
        try withCache { cache, _ in
            try site.write("Templates/cells/TagCell.mustache", "<a href=\"{{link}}\">{{name}}</a>\n")
            let before = try TemplateSet(overrides: folder, sourceRoot: site.root, cache: cache)
            try site.write("Templates/cells/TagCell.mustache", "<a href=\"{{link}}\">#{{name}} ({{count}})</a>\n")
            #expect(cache.load(fingerprint: try TemplateSet(overrides: folder, sourceRoot: site.root).fingerprint) == nil)
            let after = try TemplateSet(overrides: folder, sourceRoot: site.root, cache: cache)
            #expect(after.fingerprint != before.fingerprint)
            let values: [String: TemplateValue] = ["link": .text("/tags/a/"), "name": .text("a"), "count": .number(2)]
            #expect(after.render("cells/TagCell", values) == "<a href=\"/tags/a/\">#a (2)</a>\n")
            #expect(try TemplateSet(overrides: folder, sourceRoot: site.root, cache: cache).render("cells/TagCell", values) == "<a href=\"/tags/a/\">#a (2)</a>\n")
        }
    }

    /// A theme that fails its checks is not kept: the next build finds the error again.
    @Test func aBrokenThemeIsNotKept() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let folder = site.root.appendingPathComponent("Templates")
        try site.write("Templates/cells/PostCell.mustache", "{{#title}}never closed\n")
        try withCache { cache, cacheFolder in
            for _ in 0..<2 {
                #expect(throws: SiteError.self) { try TemplateSet(overrides: folder, sourceRoot: site.root, cache: cache) }
            }
            #expect(!FileManager.default.fileExists(atPath: cacheFolder.appendingPathComponent("theme.bin").path))
        }
    }

    /// Sections nested deeper than a theme may nest are refused when read, not recursed
    /// into: a file a build did not write cannot exhaust the stack.
    @Test func sectionsNestedTooDeepAreRefused() throws {
        var nodes: [CompiledTemplate.Node] = [.text("deep")]
        for _ in 0...(TemplateSet.nestingLimit + 1) { nodes = [.section(TemplateName("a"), inverted: false, nodes)] }
        try withCache { cache, _ in
            cache.save(ThemeCache.Entry(compiled: ["deep": CompiledTemplate(nodes: nodes)], cellsShowContent: false), fingerprint: "f")
            #expect(cache.load(fingerprint: "f") == nil)
            let shallow = Array(repeating: CompiledTemplate.Node.section(TemplateName("a.b"), inverted: true, [.partial("p", indentation: "  ")]), count: 3)
            let entry = ThemeCache.Entry(compiled: ["shallow": CompiledTemplate(nodes: shallow + [.variable(TemplateName(".x"), escaped: false)])], cellsShowContent: true)
            cache.save(entry, fingerprint: "f")
            #expect(cache.load(fingerprint: "f") == entry)
        }
    }
}
