import Foundation
import Owl
import OwlDiff

struct Contact: ElementRepresentable, Equatable {
    let name: String
    let email: String
    var differenceIdentifier: String { email }
}

struct Company: ElementRepresentable, Equatable {
    let name: String
    var differenceIdentifier: String { "company-" + name }
}

final class ContactCell: HTMLCell {
    var name = ""
    var email = ""
}

struct CompanyCell: HTMLCell {
    var name = ""
    var employees: Int?
}

struct BadgeCell: HTMLRenderingCell {
    var label = ""

    func renderHTML(link: String?) -> String {
        "<b>\(HTML.escape(label))</b>" + (link.map { " <a href=\"\(HTML.escape($0))\">open</a>" } ?? "")
    }
}

struct GroupHeader: HTMLCell {
    var title = ""
    var count = 0
}

/// Templates in memory for most tests.
let fixtureTemplates: [String: String] = [
    "cells/ContactCell": "<strong>{{name}}</strong> {{email}}",
    "cells/CompanyCell": "<em>{{name}}</em>{{#employees}} ({{employees}}){{/employees}}",
    "views/GroupHeader": "<h2>{{title}}</h2><small>{{count}}</small>",
]

func templates(_ extra: [String: String] = [:]) -> Templates {
    Templates(source: InMemoryTemplateSource(fixtureTemplates.merging(extra) { $1 }))
}

func contactAdapter() -> CellAdapter<Contact, ContactCell> {
    CellAdapter<Contact, ContactCell> { adapter in
        adapter.events.dequeue = { ctx in
            ctx.cell.name = ctx.element.name
            ctx.cell.email = ctx.element.email
        }
    }
}

func companyAdapter() -> CellAdapter<Company, CompanyCell> {
    CellAdapter<Company, CompanyCell> { adapter in
        adapter.events.dequeue = { ctx in ctx.cell.name = ctx.element.name }
    }
}

let ada = Contact(name: "Ada", email: "ada@example.com")
let alan = Contact(name: "Alan", email: "alan@example.com")
let grace = Contact(name: "Grace", email: "grace@example.com")

/// The element identifiers of every section.
func identifiers(_ director: Director) -> [[String]] {
    director.sections.map { $0.elements.map(\.differenceIdentifier) }
}

/// A fresh temporary folder holding `files` (relative path → text); the caller removes it.
func temporaryFolder(_ files: [String: String]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("owl-tests-\(UUID().uuidString)")
    for (path, text) in files {
        let file = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }
    return folder
}

/// Sections and cells as `id#hash`, positions left out: what a replay must reproduce.
func signature(_ sections: [ArraySection<RenderedSection, RenderedCell>]) -> [[String]] {
    sections.map { section in ["\(section.model.id)#\(section.model.hash)"] + section.elements.map { "\($0.id)#\($0.hash)" } }
}
