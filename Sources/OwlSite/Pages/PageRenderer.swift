import Foundation

/// Renders planned pages through the theme's layouts, cells and lists.
struct PageRenderer: Sendable {
    let plan: SitePlan
    let config: SiteConfig
    let templates: TemplateSet
    /// Cell HTML by item index and cell template name.
    private let cells: [Int: [String: String]]

    /// Renders every cell of every list once, on both cores.
    init(plan: SitePlan, config: SiteConfig, templates: TemplateSet) throws {
        self.plan = plan
        self.config = config
        self.templates = templates
        let work = plan.cellTemplates.keys.sorted()
        let context = PageContext(config: config, navigation: plan.navigation)
        let rendered = try work.concurrentMap { index in
            var html: [String: String] = [:]
            for template in plan.cellTemplates[index]!.sorted() {
                html[template] = templates.renderFragment("cells/\(template)", context.item(plan.items[index]))
            }
            return html
        }
        cells = Dictionary(uniqueKeysWithValues: zip(work, rendered))
    }

    /// The page's bytes and manifest entry, with the build id blanked.
    func render(_ page: PageSpec) -> RenderedPage {
        let context = PageContext(config: config, navigation: plan.navigation)
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
        var lists: [ListHTML] = []
        for (number, list) in page.lists.enumerated() {
            lists.append(ListHTML(filled(list, context: context)))
            pageValues[number == 0 ? "list" : "list\(number + 1)"] = RenderedPage.listToken(number)
        }
        values["page"] = pageValues
        values["content"] = templates.render(page.layout, values)
        let html = templates.render("layouts/base", values)
        return RenderedPage(path: page.path, title: page.title, html: html, lists: lists)
    }

    /// The list with each cell's HTML in place.
    private func filled(_ list: ListModel, context: PageContext) -> ListModel {
        var list = list
        for section in list.sections.indices {
            for cell in list.sections[section].cells.indices {
                let model = list.sections[section].cells[cell]
                if model.template == SitePlan.tagCell {
                    let slug = String(model.id.dropFirst(4))
                    let info = plan.tagInfo[slug]
                    list.sections[section].cells[cell].html = templates.renderFragment("cells/\(SitePlan.tagCell)", [
                        "name": info?.name ?? slug, "count": info?.count ?? 0, "url": context.url("/tags/\(slug)/"),
                    ])
                } else if let index = plan.itemIndex[model.id] {
                    list.sections[section].cells[cell].html = cells[index]?[model.template] ?? ""
                }
            }
        }
        return list
    }
}
