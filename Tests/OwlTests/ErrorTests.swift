import Foundation
import Owl
import Testing

@Suite struct ErrorTests {
    @Test func elementWithoutAdapterNamesTheModelType() {
        let director = ListDirector(id: "l", templates: templates())
        director.registerCellAdapter(contactAdapter())
        director.add(section: Section(id: "s", elements: [ada, Company(name: "X")]))
        let expected = OwlError.missingCellAdapter(model: "Company", section: "s", at: ElementPath(element: 1, section: 0))
        #expect(throws: expected) { try director.render() }
        #expect(expected.localizedDescription == "no cell adapter registered for model type Company (section \"s\" at index 0, row 1)")
    }

    @Test func missingTemplateNamesTemplateAndAdapter() {
        let director = ListDirector(id: "l", templates: Templates(source: InMemoryTemplateSource([:])))
        director.registerCellAdapter(contactAdapter())
        director.add(section: Section(id: "s", elements: [ada]))
        let expected = OwlError.missingTemplate(
            template: "cells/ContactCell", adapter: "CellAdapter<Contact, ContactCell>", searched: "templates in memory")
        #expect(throws: expected) { try director.render() }
        #expect(expected.localizedDescription == "template cells/ContactCell of CellAdapter<Contact, ContactCell> not found (looked in templates in memory)")
    }

    @Test func missingTemplateFile() {
        let director = ListDirector(id: "l", templates: templates())
        let adapter = contactAdapter()
        adapter.template = .file("/nonexistent/owl/contact.mustache")
        director.registerCellAdapter(adapter)
        director.add(section: Section(id: "s", elements: [ada]))
        #expect(throws: OwlError.missingTemplate(
            template: "/nonexistent/owl/contact.mustache", adapter: "CellAdapter<Contact, ContactCell>", searched: "/nonexistent/owl/contact.mustache")
        ) { try director.render() }
    }

    @Test func missingTemplateInAFolderNamesThePathLookedAt() throws {
        let folder = try temporaryFolder(["cells/Other.mustache": "x"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let layered = Templates(source: LayeredTemplateSource([
            FolderTemplateSource(folder: folder.path + "/./"), InMemoryTemplateSource([:]),
        ]))
        let director = ListDirector(id: "l", templates: layered)
        director.registerCellAdapter(contactAdapter())
        director.add(section: Section(id: "s", elements: [ada]))
        let error = try #require(throws: OwlError.self) { try director.render() }
        #expect(error.localizedDescription == """
            template cells/ContactCell of CellAdapter<Contact, ContactCell> not found \
            (looked in \(folder.standardizedFileURL.path)/cells/ContactCell.mustache, templates in memory)
            """)
    }

    @Test func relativeFoldersAreShownAbsolute() {
        let source = FolderTemplateSource(folder: "Templates")
        let expected = FileManager.default.currentDirectoryPath + "/Templates/cells/A.mustache"
        #expect(source.location(ofTemplate: "cells/A") == URL(fileURLWithPath: expected).standardizedFileURL.path)
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
        #expect(error.localizedDescription.contains("line 3, column"))
        #expect(error.localizedDescription.contains("a section is closed with another name than it was opened with"))
    }

    @Test func syntaxErrorsAreInWords() throws {
        let cases = [
            "{{name": "the template ends in the middle of a tag",
            "{{#a}}x{{/a}}{{#b c d}}": "a tag is not finished",
            "{{#name}}open": "a section is opened but never closed",
            "{{=<% =}}": "a set-delimiter tag is badly formed",
        ]
        for (text, words) in cases {
            let director = ListDirector(id: "l", templates: templates(["cells/ContactCell": text]))
            director.registerCellAdapter(contactAdapter())
            director.add(section: Section(id: "s", elements: [ada]))
            let error = try #require(throws: OwlError.self) { try director.render() }
            #expect(error.localizedDescription.contains(words), "\(text): \(error)")
            #expect(!error.localizedDescription.contains("unfinishedName") && !error.localizedDescription.contains("expectedSectionEnd"))
        }
    }

    @Test func unregisteredHeaderAdaptersRenderAsInOwl() throws {
        let director = ListDirector(id: "l", templates: templates())
        director.add(section: Section(id: "s", header: .view(HeaderFooterAdapter<GroupHeader>())))
        #expect(try director.render().contains("<header class=\"owl-header\" data-owl-header><h2></h2><small>0</small></header>"))
    }

    @Test func aHeaderAdapterThatCannotRenderNamesTheView() {
        final class Foreign: HeaderFooterAdapterProtocol {
            var viewIdentifier: String { "ForeignView" }
        }
        let director = ListDirector(id: "l", templates: templates())
        director.add(section: Section(id: "s", footer: .view(Foreign())))
        let expected = OwlError.missingHeaderFooterAdapter(view: "ForeignView", section: "s", isHeader: false)
        #expect(throws: expected) { try director.render() }
        #expect(expected.localizedDescription == "the footer of section \"s\" has an adapter for view type ForeignView that is not a HeaderFooterAdapter")
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
        for name in ["class", "STYLE", "data-owl-cell", "data-owl-list", "data-owl-anything", "Data-Owl-Future", "data-owl", "on click", "x\"y", ""] {
            let director = ListDirector(id: "l", templates: templates())
            let adapter = contactAdapter()
            adapter.events.attributes = { _ in [name: "v"] }
            director.registerCellAdapter(adapter)
            director.add(section: Section(id: "s", elements: [ada]))
            #expect(throws: OwlError.invalidAttribute(name: name, adapter: "CellAdapter<Contact, ContactCell>")) { try director.render() }
        }
    }

    @Test func allowedAttributeNamesPass() throws {
        let director = ListDirector(id: "l", templates: templates())
        let adapter = contactAdapter()
        adapter.events.attributes = { _ in ["data-owlish": "1", "data-kind": "2", "aria-label": "3"] }
        director.registerCellAdapter(adapter)
        director.add(section: Section(id: "s", elements: [ada]))
        #expect(try director.render().contains("aria-label=\"3\" data-kind=\"2\" data-owlish=\"1\""))
    }

    @Test func duplicateSectionIdentifiersNameBothSections() {
        let director = ListDirector(id: "people", templates: templates())
        director.add(sections: [Section(id: "a"), Section(id: "b"), Section(id: "a")])
        let expected = OwlError.duplicateSectionID(id: "a", list: "people", first: 0, second: 2)
        #expect(throws: expected) { try director.render() }
        #expect(expected.localizedDescription.contains("sections 0 and 2 both have the identifier \"a\""))
    }

    @Test func duplicateCellIdentifiersNameBothCells() {
        struct Other: ElementRepresentable, Equatable {
            var differenceIdentifier: String { "ada@example.com" }
        }
        let director = ListDirector(id: "people", templates: templates())
        director.registerCellAdapter(contactAdapter())
        director.add(sections: [Section(id: "a", elements: [alan]), Section(id: "b", elements: [ada, grace, Other()])])
        let expected = OwlError.duplicateCellID(
            id: "ada@example.com", section: "b",
            first: ElementPath(element: 0, section: 1), firstModel: "Contact",
            second: ElementPath(element: 2, section: 1), secondModel: "Other")
        #expect(throws: expected) { try director.render() }
        #expect(expected.localizedDescription.contains("rows 0 (Contact) and 2 (Other) of section 1 both have the identifier \"ada@example.com\""))
        // The same identifier in two sections is allowed: a cell may move between them.
        director.sections[0].add(element: ada)
        director.sections[1].remove(at: 2)
        #expect(throws: Never.self) { try director.render() }
    }
}
