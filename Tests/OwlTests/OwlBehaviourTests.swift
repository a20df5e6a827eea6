import Foundation
import Owl
import Testing
import TestSupport

/// The behaviours where owl-site once differed from Owl without saying so (issue 36, item 2).
@Suite struct OwlBehaviourTests {
    /// A model whose content (its version) is not in its HTML.
    struct Versioned: ElementRepresentable {
        let id: String
        var version: Int
        var differenceIdentifier: String { id }

        func isContentEqual(to other: any ElementRepresentable) -> Bool {
            (other as? Versioned)?.version == version
        }
    }

    /// An Equatable model with a field its cell does not show.
    struct Note: ElementRepresentable, Equatable {
        let id: String
        var hidden: Int
        var differenceIdentifier: String { id }
    }

    /// A model that always claims unchanged content.
    struct Stubborn: ElementRepresentable {
        let id: String
        var text: String
        var differenceIdentifier: String { id }
        func isContentEqual(to other: any ElementRepresentable) -> Bool { true }
    }

    struct IDCell: HTMLRenderingCell {
        var id = ""
        func renderHTML(link: String?) -> String { HTML.escape(id) }
    }

    private func idAdapter<Model: ElementRepresentable>(_: Model.Type, text: @escaping (Model) -> String = \.differenceIdentifier) -> CellAdapter<Model, IDCell> {
        CellAdapter { $0.events.dequeue = { ctx in ctx.cell.id = text(ctx.element) } }
    }

    @Test func isContentEqualDecidesUpdatesBesideTheHTML() throws {
        let director = ListDirector(id: "l", templates: templates())
        director.registerCellAdapter(idAdapter(Versioned.self))
        director.registerCellAdapter(idAdapter(Note.self))
        director.registerCellAdapter(idAdapter(Stubborn.self, text: \.text))
        director.add(section: Section(id: "s", elements: [
            Versioned(id: "v1", version: 1), Versioned(id: "v2", version: 1),
            Note(id: "n1", hidden: 0), Note(id: "n2", hidden: 0),
            Stubborn(id: "x", text: "old"),
        ]))
        let update = try director.reload { dir in
            dir.sections[0].set(element: Versioned(id: "v2", version: 2), at: 1)
            dir.sections[0].set(element: Note(id: "n2", hidden: 1), at: 3)
            dir.sections[0].set(element: Stubborn(id: "x", text: "new"), at: 4)
        }
        // Same HTML, other content: updated; other HTML, "same" content: updated too.
        #expect(update.old.html.replacingOccurrences(of: "old", with: "new") == update.new.html)
        #expect(update.patch.stages.flatMap(\.elementUpdated).map(\.id) == ["v2", "n2", "x"])
        var patched = PatchedList(update.old)
        try patched.apply(update.patch)
        #expect(patched.html == update.new.html)
        // A plain render marks nothing; an unchanged reload updates nothing.
        #expect(try director.renderList().sections[0].cells.allSatisfy { !$0.isModelChanged })
        #expect(try director.reload { _ in }.changeset.isEmpty)
    }

    @Test func aModelMovedToAnotherSectionIsComparedWithItsFormerSelf() throws {
        let director = ListDirector(id: "l", templates: templates())
        director.registerCellAdapter(idAdapter(Versioned.self))
        director.add(sections: [Section(id: "a", elements: [Versioned(id: "v", version: 1)]), Section(id: "b")])
        let update = try director.reload { dir in
            dir.sections[0].remove(at: 0)
            dir.sections[1].add(element: Versioned(id: "v", version: 2))
        }
        #expect(update.patch.stages.flatMap(\.elementUpdated).map(\.id) == ["v"])
        #expect(update.patch.stages.flatMap(\.elementMoved).map(\.id) == ["v"])
    }

    @Test func aThrowingUpdateLeavesTheDirectorAsItWas() throws {
        struct Refused: Error {}
        let director = ListDirector(id: "l", templates: templates())
        director.registerCellAdapter(contactAdapter())
        let section = Section(id: "a", elements: [ada, alan], header: "A")
        director.add(section: section)
        let before = try director.render()
        #expect(throws: Refused.self) {
            try director.reload { dir in
                dir.rowHeight = .explicit(10)
                dir.sections[0].remove(at: 0)
                dir.sections[0].header = "changed"
                dir.sections[0].isCollapsed = true
                dir.add(section: Section(id: "b", elements: [grace]))
                dir.registerCellAdapter(companyAdapter())
                throw Refused()
            }
        }
        #expect(try director.render() == before)
        #expect(director.sections.count == 1 && director.sections[0] === section && section.index == 0)
        #expect(director.rowHeight == .default)
        // The render after the update fails too (no adapter for Company): put back as well.
        #expect(throws: OwlError.self) {
            try director.reload { dir in dir.sections[0].add(element: Company(name: "X")) }
        }
        #expect(try director.render() == before)
    }

    @Test func theReloadClosureGetsTheDirectorsOwnType() throws {
        let list = ListDirector(id: "l", templates: templates())
        try list.reload { dir in dir.rowHeight = .explicit(44) }
        #expect(list.rowHeight == .explicit(44))
        let grid = GridDirector(id: "g", templates: templates())
        try grid.reload { dir in dir.itemSize = .explicit(Size(width: 10, height: 10)) }
        #expect(grid.itemSize == .explicit(Size(width: 10, height: 10)))
        let base: Director = list
        try base.reload { dir in dir.add(section: Section(id: "x")) }
        #expect(list.sections.map(\.id) == ["x"])
    }

    @Test func sectionHeadersTakeStringVariables() throws {
        let title = "Friends & co"
        let none: String? = nil
        let director = ListDirector(id: "l", templates: templates())
        director.add(sections: [
            Section(id: "a", elements: [], header: title, footer: "\(2) contacts"),
            Section(id: "b", elements: [], header: none, footer: title),
            Section(id: "c", header: nil, footer: nil),
            Section(id: "d", elements: [], header: .text(title)),
        ])
        let html = try director.render()
        #expect(html.contains("<header class=\"owl-header\" data-owl-header>Friends &amp; co</header>"))
        #expect(html.contains("<footer class=\"owl-footer\" data-owl-footer>2 contacts</footer>"))
        #expect(director.sections[1].header == nil && director.sections[1].footerTitle == title)
    }

    @Test func theFirstAdapterForAModelIsKeptAsInOwl() throws {
        let director = ListDirector(id: "l", templates: templates())
        let first = contactAdapter()
        let second = contactAdapter()
        second.template = .inline("second {{name}}")
        #expect(director.registerCellAdapter(first) == "Contact")
        #expect(director.registerCellAdapter(second) == "Contact")
        director.add(section: Section(id: "s", elements: [ada]))
        #expect(try director.render().contains("<strong>Ada</strong>"))
        #expect(try !director.render().contains("second"))
    }

    @Test func aGridIsAlwaysACSSGrid() throws {
        for sizing in [Sizing.default, .auto(estimated: 40), .explicit(50)] {
            let grid = GridDirector(id: "g", templates: templates())
            grid.itemSize = sizing
            grid.add(section: Section(id: "s"))
            #expect(try grid.render().contains("<div class=\"owl-cells\" data-owl-cells style=\"display:grid"), "\(sizing)")
        }
        let list = ListDirector(id: "l", templates: templates())
        list.add(section: Section(id: "s"))
        #expect(try list.render().contains("<ol class=\"owl-cells\" data-owl-cells>"))
    }
}
