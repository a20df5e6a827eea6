import Foundation
import Owl
import Testing

@Suite struct RenderingTests {
    @Test func listMarkup() throws {
        let director = ListDirector(id: "people", templates: templates())
        director.registerCellAdapter(contactAdapter())
        director.add(sections: [Section(id: "a", elements: [ada]), Section(id: "empty")])
        #expect(
            try director.render() == """
                <div class="owl-list" data-owl-list="people">\
                <section class="owl-section" data-owl-section="a"><ol class="owl-cells" data-owl-cells>\
                <li class="owl-cell" data-owl-cell="ada@example.com"><strong>Ada</strong> ada@example.com</li></ol></section>\
                <section class="owl-section" data-owl-section="empty"><ol class="owl-cells" data-owl-cells></ol></section></div>
                """
        )
    }

    @Test func gridMarkupHonoursTheItemSize() throws {
        let director = GridDirector(id: "team", templates: templates())
        director.itemSize = .explicit(Size(width: 200, height: 120.5))
        director.registerCellAdapter(contactAdapter())
        director.add(section: Section(id: "a", elements: [ada]))
        #expect(
            try director.render() == """
                <div class="owl-grid" data-owl-list="team"><section class="owl-section" data-owl-section="a">\
                <div class="owl-cells" data-owl-cells style="display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));grid-auto-rows:120.5px">\
                <div class="owl-cell" data-owl-cell="ada@example.com"><strong>Ada</strong> ada@example.com</div></div></section></div>
                """
        )
    }

    @Test func stringHeadersAndFootersAreEscapedText() throws {
        let director = ListDirector(id: "l", templates: templates())
        director.add(section: Section(id: "s", header: "Tom & <Jerry>", footer: .text("\"quoted\"")))
        #expect(
            try director.render() == """
                <div class="owl-list" data-owl-list="l"><section class="owl-section" data-owl-section="s">\
                <header class="owl-header" data-owl-header>Tom &amp; &lt;Jerry&gt;</header>\
                <ol class="owl-cells" data-owl-cells></ol>\
                <footer class="owl-footer" data-owl-footer>&quot;quoted&quot;</footer></section></div>
                """
        )
    }

    @Test func viewHeadersAndFootersAreConfiguredWithTheirSection() throws {
        let director = ListDirector(id: "l", templates: templates(["views/GroupHeader": "{{title}}#{{count}}"]))
        director.registerCellAdapter(contactAdapter())
        let header = HeaderFooterAdapter<GroupHeader> { adapter in
            adapter.events.dequeue = { ctx in
                ctx.view.title = "<\(ctx.section.id)>"
                ctx.view.count = ctx.sectionIndex * 10 + ctx.section.elements.count
            }
        }
        director.registerHeaderFooterAdapter(header)
        director.add(sections: [
            Section(id: "x", elements: [ada], header: .view(header)),
            Section(id: "y", elements: [alan, grace], footer: .view(header)),
        ])
        let html = try director.render()
        #expect(html.contains("<header class=\"owl-header\" data-owl-header>&lt;x&gt;#1</header>"))
        #expect(html.contains("<footer class=\"owl-footer\" data-owl-footer>&lt;y&gt;#12</footer>"))
    }

    @Test func oneListMixesModelTypes() throws {
        let director = ListDirector(id: "l", templates: templates())
        director.registerCellAdapter(contactAdapter())
        director.registerCellAdapter(companyAdapter())
        director.add(section: Section(id: "s", elements: [ada, Company(name: "ACME"), alan]))
        let cells = try director.renderList().sections[0].cells
        #expect(cells.map(\.id) == ["ada@example.com", "company-ACME", "alan@example.com"])
        #expect(try director.render().contains("<li class=\"owl-cell\" data-owl-cell=\"company-ACME\"><em>ACME</em></li>"))
    }

    @Test func optionalPropertiesRenderTheirValueOrNothing() throws {
        let director = ListDirector(id: "l", templates: templates())
        director.registerCellAdapter(
            CellAdapter<Company, CompanyCell> { adapter in
                adapter.events.dequeue = { ctx in
                    ctx.cell.name = ctx.element.name
                    ctx.cell.employees = ctx.element.name == "Big" ? 500 : nil
                }
            })
        director.add(section: Section(id: "s", elements: [Company(name: "Big"), Company(name: "Small")]))
        let html = try director.render()
        #expect(html.contains(">Big</em> (500)</li>"))
        #expect(html.contains("<em>Small</em></li>"))
    }

    @Test func textIsEscapedUnlessTheTemplateAsksForRawOutput() throws {
        let director = ListDirector(id: "<list\"id>", templates: templates(["cells/ContactCell": "{{name}}|{{{email}}}"]))
        director.registerCellAdapter(contactAdapter())
        director.add(section: Section(id: "a&b", elements: [Contact(name: "<script>x</script>", email: "<i>'e'</i>")]))
        let html = try director.render()
        #expect(html.contains("data-owl-list=\"&lt;list&quot;id&gt;\""))
        #expect(html.contains("data-owl-section=\"a&amp;b\""))
        #expect(html.contains("data-owl-cell=\"&lt;i&gt;&#39;e&#39;&lt;/i&gt;\""))
        #expect(html.contains(">&lt;script&gt;x&lt;/script&gt;|<i>'e'</i></li>"))
        #expect(!html.contains("<script>"))
    }

    @Test func adapterEventsSetLinkClassesAndAttributes() throws {
        let director = ListDirector(id: "l", templates: templates(["cells/ContactCell": "<a href=\"{{link}}\">{{name}}</a>"]))
        let adapter = contactAdapter()
        adapter.events.link = { ctx in "/people/\(ctx.element.name)?q=1&r=2" }
        adapter.events.classes = { ctx in ctx.indexPath.element.isMultiple(of: 2) ? ["even", "hi\"x"] : ["odd"] }
        adapter.events.attributes = { ctx in ["data-z": "last", "aria-label": "\(ctx.cell.name) <\(ctx.indexPath.section)>"] }
        director.registerCellAdapter(adapter)
        director.add(section: Section(id: "s", elements: [ada, alan]))
        let html = try director.render()
        #expect(
            html.contains(
                "<li class=\"owl-cell even hi&quot;x\" data-owl-cell=\"ada@example.com\" aria-label=\"Ada &lt;0&gt;\" data-z=\"last\">"
                    + "<a href=\"/people/Ada?q=1&amp;r=2\">Ada</a></li>"))
        #expect(html.contains("<li class=\"owl-cell odd\" data-owl-cell=\"alan@example.com\" aria-label=\"Alan &lt;0&gt;\" data-z=\"last\">"))
    }

    @Test func sameInputRendersByteIdenticalHTML() throws {
        func render() throws -> String {
            let director = ListDirector(id: "l", templates: templates())
            let adapter = contactAdapter()
            adapter.events.attributes = { ctx in ["data-b": "2", "data-a": "1", "data-c": ctx.element.name] }
            director.registerCellAdapter(adapter)
            director.add(section: Section(id: "s", elements: [ada, alan, grace], header: "H"))
            return try director.render()
        }
        let first = try render()
        for _ in 0..<5 {
            #expect(try render() == first)
        }
        #expect(first.contains("data-a=\"1\" data-b=\"2\" data-c=\"Ada\""))
    }
}
