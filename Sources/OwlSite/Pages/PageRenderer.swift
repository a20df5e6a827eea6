import Foundation
import Owl

/// Renders planned pages through the theme's layouts, with their lists through Owl's directors.
struct PageRenderer: Sendable {
    let plan: SitePlan
    let config: SiteConfig
    let templates: TemplateSet
    /// The theme's cell templates for Owl's adapters.
    private let cellTemplates: Templates

    init(plan: SitePlan, config: SiteConfig, templates: TemplateSet) {
        self.plan = plan
        self.config = config
        self.templates = templates
        cellTemplates = Templates(source: InMemoryTemplateSource(templates.texts))
    }

    /// The page's bytes and manifest entry, with the build id blanked.
    func render(_ page: PageSpec) throws -> RenderedPage {
        let context = PageContext(config: config, navigation: plan.navigation, tags: plan.tags)
        var values = context.site(currentPath: page.path)
        var pageValues: [String: Any]
        switch page.body {
        case let .item(index):
            pageValues = context.item(plan.items[index])
        case let .list(intro, pagination):
            pageValues = ["title": page.title, "url": context.url(page.path)]
            if let intro { pageValues["intro"] = intro }
            if let pagination { pageValues["pagination"] = context.pagination(pagination) }
        }
        let lists = OwlLists(templates: cellTemplates, items: plan.items, context: context)
        var rendered: [(html: String, entry: ManifestList)] = []
        for (number, list) in page.lists.enumerated() {
            rendered.append(try lists.render(list))
            pageValues[number == 0 ? "list" : "list\(number + 1)"] = RenderedPage.listToken(number)
        }
        values["page"] = pageValues
        values["content"] = templates.render(page.layout, values)
        let html = templates.render("layouts/base", values)
        return RenderedPage(path: page.path, title: page.title, html: html, lists: rendered)
    }
}
