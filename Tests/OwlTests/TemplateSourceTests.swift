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
        #expect(try render(contactAdapter(), templates: Templates(folder: folder.path)) == "folder Ada")
    }

    @Test func namedTemplate() throws {
        let adapter = contactAdapter()
        adapter.template = .named("cells/Compact")
        #expect(try render(adapter, templates: templates(["cells/Compact": "compact {{email}}"])) == "compact ada@example.com")
    }

    @Test func templateFile() throws {
        let folder = try temporaryFolder(["elsewhere/contact.html": "file {{name}}"])
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
        let shared = Templates(folder: folder.path)
        #expect(try render(contactAdapter(), templates: shared) == "before Ada")
        try "after {{name}}".write(to: folder.appendingPathComponent("cells/ContactCell.mustache"), atomically: true, encoding: .utf8)
        #expect(try render(contactAdapter(), templates: shared) == "before Ada")
        #expect(try render(contactAdapter(), templates: Templates(folder: folder.path)) == "after Ada")
    }
}
