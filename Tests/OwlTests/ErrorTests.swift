import Owl
import Testing

@Suite struct ErrorTests {
    @Test func elementWithoutAdapterNamesTheModelType() {
        let director = ListDirector(id: "l", templates: templates())
        director.registerCellAdapter(contactAdapter())
        director.add(section: Section(id: "s", elements: [ada, Company(name: "X")]))
        #expect(throws: OwlError.missingCellAdapter(model: "Company")) { try director.render() }
        #expect(OwlError.missingCellAdapter(model: "Company").description.contains("Company"))
    }

    @Test func missingTemplateNamesTemplateAndAdapter() {
        let director = ListDirector(id: "l", templates: Templates(source: InMemoryTemplateSource([:])))
        director.registerCellAdapter(contactAdapter())
        director.add(section: Section(id: "s", elements: [ada]))
        let expected = OwlError.missingTemplate(
            template: "cells/ContactCell", adapter: "CellAdapter<Contact, ContactCell>", searched: "templates in memory")
        #expect(throws: expected) { try director.render() }
        #expect(expected.description == "template cells/ContactCell of CellAdapter<Contact, ContactCell> not found in templates in memory")
    }

    @Test func missingTemplateFile() {
        let director = ListDirector(id: "l", templates: templates())
        let adapter = contactAdapter()
        adapter.template = .file("/nonexistent/owl/contact.mustache")
        director.registerCellAdapter(adapter)
        director.add(section: Section(id: "s", elements: [ada]))
        #expect(throws: OwlError.missingTemplate(
            template: "/nonexistent/owl/contact.mustache", adapter: "CellAdapter<Contact, ContactCell>", searched: "the file system")
        ) { try director.render() }
    }

    @Test func templateSyntaxErrorNamesTheTemplateAndLine() throws {
        let director = ListDirector(id: "l", templates: templates(["cells/ContactCell": "<p>\n{{#name}}open\n{{/email}}</p>"]))
        director.registerCellAdapter(contactAdapter())
        director.add(section: Section(id: "s", elements: [ada]))
        let error = try #require(throws: OwlError.self) { try director.render() }
        guard case .templateSyntax(let template, let line, _, _) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(template == "cells/ContactCell")
        #expect(line == 3)
        #expect(error.description.hasPrefix("cells/ContactCell:3:"))
    }

    @Test func unregisteredHeaderAdapterNamesTheView() {
        let director = ListDirector(id: "l", templates: templates())
        director.add(section: Section(id: "s", header: .view(HeaderFooterAdapter<GroupHeader>())))
        #expect(throws: OwlError.missingHeaderFooterAdapter(view: "GroupHeader")) { try director.render() }
    }

    @Test func missingHeaderTemplateNamesTheViewAdapter() {
        let director = ListDirector(id: "l", templates: Templates(source: InMemoryTemplateSource([:])))
        let header = HeaderFooterAdapter<GroupHeader>()
        director.registerHeaderFooterAdapter(header)
        director.add(section: Section(id: "s", footer: .view(header)))
        #expect(throws: OwlError.missingTemplate(
            template: "views/GroupHeader", adapter: "HeaderFooterAdapter<GroupHeader>", searched: "templates in memory")
        ) { try director.render() }
    }

    @Test func invalidOrReservedAttributeNames() {
        for name in ["class", "data-owl-cell", "on click", "x\"y", ""] {
            let director = ListDirector(id: "l", templates: templates())
            let adapter = contactAdapter()
            adapter.events.attributes = { _ in [name: "v"] }
            director.registerCellAdapter(adapter)
            director.add(section: Section(id: "s", elements: [ada]))
            #expect(throws: OwlError.invalidAttribute(name: name, adapter: "CellAdapter<Contact, ContactCell>")) { try director.render() }
        }
    }
}
