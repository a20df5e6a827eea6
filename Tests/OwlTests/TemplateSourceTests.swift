import Mustache
import Foundation
import Owl
import Testing

@Suite struct TemplateSourceTests {
    private func render(_ adapter: CellAdapter<Contact, ContactCell>, templates: Templates) throws -> String {
        let director = ListDirector(id: "l", templates: templates)
        director.registerCellAdapter(adapter)
        director.add(section: Section(id: "s", elements: [ada]))
        let list = try director.renderList()
        let cell = list.html(of: list.sections[0].cells[0])
        return String(cell.drop { $0 != ">" }.dropFirst().dropLast("</li>".count))
    }

    @Test func defaultTemplateIsNamedAfterTheCellInTheTemplatesFolder() throws {
        let folder = try temporaryFolder(["cells/ContactCell.mustache": "folder {{name}}"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try render(contactAdapter(), templates: Templates(folder: folder.path)) == "folder Ada")
    }

    @Test func namedTemplate() throws {
        let adapter = contactAdapter()
        adapter.template = .named("cells/Compact")
        #expect(try render(adapter, templates: templates(["cells/Compact": "compact {{email}}"])) == "compact ada@example.com")
    }

    @Test func templateFile() throws {
        let folder = try temporaryFolder(["elsewhere/contact.html": "file {{name}}"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let adapter = contactAdapter()
        adapter.template = .file(folder.appendingPathComponent("elsewhere/contact.html").path)
        #expect(try render(adapter, templates: templates()) == "file Ada")
    }

    @Test func inlineTemplate() throws {
        let adapter = contactAdapter()
        adapter.template = .inline("inline {{name}}/{{email}}")
        #expect(try render(adapter, templates: templates()) == "inline Ada/ada@example.com")
    }

    @Test func cellRenderingItselfInCode() throws {
        let director = ListDirector(id: "l", templates: templates())
        let adapter = CellAdapter<Contact, BadgeCell> { adapter in
            adapter.events.dequeue = { ctx in ctx.cell.label = ctx.element.name + " & co" }
            adapter.events.link = { _ in "/a?b=\"c\"" }
        }
        director.registerCellAdapter(adapter)
        director.add(section: Section(id: "s", elements: [ada]))
        #expect(try director.render().contains(">" + "<b>Ada &amp; co</b> <a href=\"/a?b=&quot;c&quot;\">open</a></li>"))
    }

    @Test func layeredSourcesPreferTheFirstLayer() throws {
        let theme = InMemoryTemplateSource(["cells/ContactCell": "theme {{name}}", "views/GroupHeader": "theme header"])
        let user = InMemoryTemplateSource(["cells/ContactCell": "user {{name}}"])
        let layered = LayeredTemplateSource([user, theme])
        #expect(try layered.text(ofTemplate: "cells/ContactCell") == "user {{name}}")
        #expect(try layered.text(ofTemplate: "views/GroupHeader") == "theme header")
        #expect(try layered.text(ofTemplate: "cells/Missing") == nil)
        #expect(try render(contactAdapter(), templates: Templates(source: layered)) == "user Ada")
    }

    @Test func templatesAreParsedOnceAndShared() throws {
        let folder = try temporaryFolder(["cells/ContactCell.mustache": "before {{name}}"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let shared = Templates(folder: folder.path)
        #expect(try render(contactAdapter(), templates: shared) == "before Ada")
        try "after {{name}}".write(to: folder.appendingPathComponent("cells/ContactCell.mustache"), atomically: true, encoding: .utf8)
        #expect(try render(contactAdapter(), templates: shared) == "before Ada")
        #expect(try render(contactAdapter(), templates: Templates(folder: folder.path)) == "after Ada")
    }
}

@Suite struct CellValuesTests {
    struct ProvidedCell: HTMLCell, TemplateValueProvider {
        var name = ""

        func templateValue(forKey key: String) -> Any? {
            switch key {
            case "name": name.uppercased()
            case "nickname": String?.none as Any
            default: nil
            }
        }
    }

    struct DictionaryCell: HTMLCell, MustacheParent {
        var values: [String: Any] = [:]

        func child(named name: String) -> Any? { values[name] }
    }

    private func render<Cell: HTMLCell>(_ cell: Cell.Type, dequeue: @escaping (inout CellAdapter<Contact, Cell>.Context) -> Void) throws -> String {
        let director = ListDirector(id: "l", templates: templates())
        let adapter = CellAdapter<Contact, Cell>()
        adapter.template = .inline("{{name}}|{{nickname}}|{{#tags}}<{{.}}>{{/tags}}|{{link}}")
        adapter.events.dequeue = dequeue
        adapter.events.link = { _ in "/l" }
        director.registerCellAdapter(adapter)
        director.add(section: Section(id: "s", elements: [ada]))
        let list = try director.renderList()
        let cell = list.html(of: list.sections[0].cells[0])
        return String(cell.drop { $0 != ">" }.dropFirst().dropLast("</li>".count))
    }

    @Test func valueProvidingCellsSkipReflection() throws {
        #expect(try render(ProvidedCell.self) { $0.cell.name = $0.element.name } == "ADA|||/l")
    }

    @Test func mustacheParentCellsAreReadThroughChildNamed() throws {
        let html = try render(DictionaryCell.self) { ctx in
            ctx.cell.values = ["name": ctx.element.name, "tags": ["a", "<b>"], "nickname": String?.none as Any]
        }
        #expect(html == "Ada||<a><&lt;b&gt;>|/l")
    }
}

@Suite struct PartialTests {
    private func render(_ templates: [String: String]) throws -> String {
        let director = ListDirector(id: "l", templates: Templates(source: InMemoryTemplateSource(templates)))
        director.registerCellAdapter(contactAdapter())
        director.add(section: Section(id: "s", elements: [ada]))
        return try director.render()
    }

    @Test func partialsComeFromTheSameSource() throws {
        let html = try render([
            "cells/ContactCell": "{{> parts/name}}!",
            "parts/name": "<b>{{name}}</b>{{> parts/email}}",
            "parts/email": " {{email}}",
        ])
        #expect(html.contains(">" + "<b>Ada</b> ada@example.com!</li>"))
    }

    @Test func aMissingPartialIsAnError() {
        #expect(throws: OwlError.missingTemplate(template: "parts/gone", adapter: "partial of cells/ContactCell", searched: "templates in memory")) {
            try render(["cells/ContactCell": "{{#name}}{{> parts/gone}}{{/name}}"])
        }
    }

    @Test func aPartialWithASyntaxErrorIsNamed() {
        #expect(throws: OwlError.templateSyntax(template: "parts/bad", line: 1, column: 11, reason: "a section is closed with another name than it was opened with ({{#a}}…{{/b}})")) {
            try render(["cells/ContactCell": "{{> parts/bad}}", "parts/bad": "{{#a}}x{{/b}}"])
        }
    }
}
