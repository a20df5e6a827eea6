import Foundation
import Testing

@testable import Owl
@testable import OwlSite

/// The bundled theme renders through compiled templates, exactly as swift-mustache renders it.
@Suite struct CompiledThemeTests {
    let root = SiteFixture.packageRoot
    let templates: TemplateSet

    init() throws {
        templates = try TemplateSet(overrides: nil, sourceRoot: root)
    }

    @Test func everyTemplateOfTheThemeCompiles() {
        for name in templates.names.sorted() {
            #expect(templates.library.renderCompiled(TemplateValue.map([:]), withTemplate: name) != nil, "\(name)")
        }
    }

    /// The demo site's own values, page by page and cell by cell: the typed values rendered
    /// by the compiled templates, as swift-mustache renders them untyped.
    @Test func theDemoSiteRendersLikeSwiftMustache() throws {
        let options = BuildOptions(source: root, includeDrafts: true, incremental: false)
        let config = try SiteConfig.load(from: root.appendingPathComponent("owl.yml"), displayName: "owl.yml")
        let content = try SiteContent.load(options, config: config, cache: MarkdownCache(folder: nil, settings: ""))
        let plan = try SitePlan(content: content, templates: templates)
        let renderer = try PageRenderer(plan: plan, config: config, templates: templates, rendering: Array(plan.pages.indices))
        var rendered: Set<String> = []

        for page in plan.pages {
            var values = try renderer.layoutValues(page).values
            for layout in [page.layout, "layouts/base"] {
                let html = try #require(templates.library.renderCompiled(.map(values), withTemplate: layout), "\(layout) for \(page.path)")
                #expect(html == templates.library.mustache.render(TemplateValue.map(values).anyValue, withTemplate: layout), "\(layout) for \(page.path)")
                values["content"] = .text(html)
                rendered.insert(layout)
            }
        }

        var notFound = renderer.notFoundValues()
        for layout in [PageRenderer.notFoundLayout, "layouts/base"] {
            let html = try #require(templates.library.renderCompiled(.map(notFound), withTemplate: layout), "\(layout) for 404.html")
            #expect(html == templates.library.mustache.render(TemplateValue.map(notFound).anyValue, withTemplate: layout), "\(layout) for 404.html")
            notFound["content"] = .text(html)
            rendered.insert(layout)
        }

        let context = PageContext(config: config, navigation: plan.navigation, tags: plan.tags, tagSlugs: plan.tagSlugs)
        // Cells get an item's body only when the theme's cells show it: both kinds of values.
        for index in plan.items.indices {
            for values in [context.item(at: index, in: plan.items, withContent: false), context.item(at: index, in: plan.items, withContent: true)] {
                for cell in [PostCell.template, CardCell.template] {
                    let typed = TemplateValue.map(values)
                    #expect(templates.library.renderCompiled(typed, withTemplate: cell) == templates.library.mustache.render(typed.anyValue, withTemplate: cell))
                    rendered.insert(cell)
                }
            }
        }
        // Tag cells go through Owl's adapter: the cell's values, and the link the adapter gives.
        for (slug, tag) in plan.tags {
            let link = context.url("/tags/\(slug)/")
            let cell = TemplateContext(TagCell(values: ["name": tag.name, "count": tag.count]), link: link)
            let html = try #require(templates.library.renderCompiled(cell, withTemplate: "cells/TagCell"))
            #expect(html == templates.library.mustache.render(cell, withTemplate: "cells/TagCell"))
            #expect(html.contains("href=\"\(link)\""), "\(html)")
            rendered.insert("cells/TagCell")
        }
        // Section headings go through Owl's header adapter: the year and its count.
        for section in plan.pages.flatMap({ $0.lists.flatMap(\.sections) }) {
            guard let heading = section.header else { continue }
            let view = TemplateContext(SectionHeading(values: ["title": heading, "count": section.footer ?? ""]), link: nil)
            let html = try #require(templates.library.renderCompiled(view, withTemplate: "views/SectionHeading"))
            #expect(html == templates.library.mustache.render(view, withTemplate: "views/SectionHeading"))
            #expect(html.hasPrefix("<h2 class=\"section-heading\">\(heading)</h2>"), "\(html)")
            rendered.insert("views/SectionHeading")
        }
        #expect(rendered == Set(templates.names.filter { !$0.hasPrefix("partials/") }))
        #expect(plan.pages.contains { $0.lists.contains { $0.style == .grid } })
        #expect(plan.pages.contains { if case .list(_, .some, _) = $0.body { true } else { false } })
    }
}
