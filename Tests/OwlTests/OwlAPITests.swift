import Foundation
import Owl
import Testing
import TestSupport

/// Owl's API where it has an HTML meaning (issue 36, item 1).
@Suite struct OwlAPITests {
    struct LabelCell: HTMLCell {
        var text = ""
    }

    private func opening(_ html: String, of marker: String) -> String {
        guard let marker = html.range(of: marker) else { return "" }
        let start = html[..<marker.lowerBound].lastIndex(of: "<") ?? marker.lowerBound
        let end = html[marker.lowerBound...].firstIndex(of: ">") ?? html.endIndex
        return String(html[start...end])
    }

    @Test func registeringAdaptersInBulk() throws {
        let director = ListDirector(id: "l", templates: templates(["views/GroupHeader": "{{title}}"]))
        director.registerCellAdapters([contactAdapter(), companyAdapter()])
        let header = HeaderFooterAdapter<GroupHeader> { $0.events.dequeue = { ctx in ctx.view.title = ctx.isHeader ? "top" : "bottom" } }
        director.registerHeaderFooterAdapters([header])
        director.add(section: Section(id: "s", elements: [ada, Company(name: "Acme")], headerView: header, footerView: header))
        let html = try director.render()
        #expect(html.contains("<strong>Ada</strong>") && html.contains("<em>Acme</em>"))
        #expect(html.contains("data-owl-header>top</header>") && html.contains("data-owl-footer>bottom</footer>"))
    }

    @Test func elementsByPath() throws {
        let director = ListDirector(id: "l", templates: templates())
        let a = Section(id: "a", elements: [ada]), b = Section(id: "b", elements: [alan, grace])
        director.set(sections: [a, b])
        #expect(a.index == 0 && b.index == 1 && Section(id: "loose").index == nil)
        #expect(director.elementAt(ElementPath(element: 1, section: 1))?.differenceIdentifier == grace.email)
        #expect(director.elementAt(IndexPath(indexes: [0, 0]))?.differenceIdentifier == ada.email)
        #expect(director.elementAt(ElementPath(element: 5, section: 1)) == nil)
        #expect(director.elementAt(IndexPath(indexes: [9, 0])) == nil)
        #expect(director.remove(indexPath: ElementPath(element: 0, section: 1))?.differenceIdentifier == alan.email)
        #expect(director.remove(indexPath: IndexPath(indexes: [1, 0]))?.differenceIdentifier == grace.email)
        #expect(director.remove(indexPath: ElementPath(element: 0, section: 1)) == nil)
        #expect(b.set(element: ada, at: 0) == nil)
        #expect(a.set(element: grace, at: 0)?.differenceIdentifier == ada.email)
        #expect(identifiers(director) == [[grace.email], []])
        director.move(from: 0, to: 1)
        #expect(a.index == 1 && b.index == 0)
        #expect(director.sectionAt(1) === a && director.section("b") === b)
    }

    @Test func aCollapsedSectionKeepsItsShellAndDropsItsCells() throws {
        let director = ListDirector(id: "l", templates: templates())
        director.registerCellAdapter(contactAdapter())
        director.add(sections: [Section(id: "a", elements: [ada, alan], header: "A"), Section(id: "b", elements: [grace])])
        let open = try director.renderList()
        let collapse = try director.reload { dir in dir.sections[0].isCollapsed = true }
        #expect(collapse.new.html.contains(
            "<section class=\"owl-section\" data-owl-section=\"a\" data-owl-collapsed><header class=\"owl-header\" data-owl-header>A</header><ol class=\"owl-cells\" data-owl-cells></ol></section>"))
        #expect(director.sections[0].count == 2)
        #expect(collapse.patch.stages.flatMap(\.elementDeleted).map(\.id) == [ada.email, alan.email])
        #expect(collapse.patch.stages.flatMap(\.sectionUpdated).map(\.id) == ["a"])
        var patched = PatchedList(collapse.old)
        try patched.apply(collapse.patch)
        #expect(patched.html == collapse.new.html)
        let expand = try director.reload { dir in dir.sections[0].isCollapsed = false }
        #expect(expand.new == open)
        #expect(expand.patch.stages.flatMap(\.elementInserted).count == 2)
        patched = PatchedList(expand.old)
        try patched.apply(expand.patch)
        #expect(patched.html == open.html)
    }

    @Test func indexTitlesMakeAJumpList() throws {
        let director = ListDirector(id: "people", templates: templates())
        #expect(director.renderIndex() == nil)
        let a = Section(id: "a"), b = Section(id: "b b"), c = Section(id: "c")
        a.indexTitle = "A"
        b.indexTitle = "B & more"
        director.add(sections: [a, b, c])
        #expect(director.renderIndex() == """
            <nav class="owl-index" data-owl-index="people"><ol><li><a href="#owl-people-a">A</a></li>\
            <li><a href="#owl-people-b%20b">B &amp; more</a></li></ol></nav>
            """)
        let html = try director.render()
        #expect(html.contains("<section class=\"owl-section\" id=\"owl-people-a\" data-owl-section=\"a\">"))
        #expect(html.contains("<section class=\"owl-section\" id=\"owl-people-b b\" data-owl-section=\"b b\">"))
        #expect(html.contains("<section class=\"owl-section\" data-owl-section=\"c\">"))
    }

    @Test func perElementRowHeights() throws {
        let director = ListDirector(id: "l", templates: templates())
        let adapter = contactAdapter()
        adapter.events.rowHeight = { ctx in ctx.element.name == "Ada" ? 60 : 30 }
        adapter.events.rowHeightEstimated = { _ in 99 }
        director.registerCellAdapter(adapter)
        director.add(section: Section(id: "s", elements: [ada, alan]))
        var html = try director.render()
        #expect(opening(html, of: "data-owl-cell=\"ada@").hasSuffix("style=\"height:60px\">"))
        #expect(opening(html, of: "data-owl-cell=\"alan@").hasSuffix("style=\"height:30px\">"))
        // As in Owl, the events are asked only when the director leaves the size to them …
        director.rowHeight = .explicit(44)
        html = try director.render()
        #expect(opening(html, of: "data-owl-cell=\"ada@").hasSuffix("style=\"height:44px\">"))
        // … and the estimate when the rows size themselves.
        director.rowHeight = .auto(estimated: 50)
        html = try director.render()
        #expect(opening(html, of: "data-owl-cell=\"ada@").hasSuffix("style=\"content-visibility:auto;contain-intrinsic-size:auto 99px\">"))
        adapter.events.rowHeight = nil
        director.rowHeight = .default
        #expect(opening(try director.render(), of: "data-owl-cell=\"ada@").hasSuffix("style=\"content-visibility:auto;contain-intrinsic-size:auto 99px\">"))
    }

    @Test func perElementItemSizes() throws {
        let grid = GridDirector(id: "g", templates: templates())
        let adapter = contactAdapter()
        adapter.events.itemSize = { ctx in Size(width: ctx.indexPath.element == 0 ? 200 : 100, height: 80) }
        grid.registerCellAdapter(adapter)
        grid.add(section: Section(id: "s", elements: [ada, alan]))
        let html = try grid.render()
        #expect(opening(html, of: "data-owl-cell=\"ada@").hasSuffix("style=\"height:80px;width:200px\">"))
        #expect(opening(html, of: "data-owl-cell=\"alan@").hasSuffix("style=\"height:80px;width:100px\">"))
    }

    @Test func headerAndFooterSizes() throws {
        let director = GridDirector(id: "g", templates: templates(["views/GroupHeader": "{{title}}"]))
        let sized = HeaderFooterAdapter<GroupHeader> { adapter in
            adapter.events.height = { ctx in ctx.isHeader ? 40 : 20 }
        }
        let estimated = HeaderFooterAdapter<GroupHeader> { $0.events.estimatedHeight = { _ in 30 } }
        let reference = HeaderFooterAdapter<GroupHeader> { adapter in
            adapter.events.referenceSize = { ctx in Size(width: 300, height: Double(10 + ctx.sectionIndex)) }
        }
        director.registerHeaderFooterAdapters([sized])
        let text = Section(id: "t", header: "T", footer: "F")
        text.headerSize = Size(width: 100, height: 24)
        director.add(sections: [
            Section(id: "a", headerView: sized, footerView: sized),
            Section(id: "b", headerView: estimated, footerView: reference),
            text,
        ])
        let html = try director.render()
        #expect(html.contains("<header class=\"owl-header\" data-owl-header style=\"height:40px\"></header>"))
        #expect(html.contains("<footer class=\"owl-footer\" data-owl-footer style=\"height:20px\"></footer>"))
        #expect(html.contains("<header class=\"owl-header\" data-owl-header style=\"content-visibility:auto;contain-intrinsic-size:auto 30px\"></header>"))
        #expect(html.contains("<footer class=\"owl-footer\" data-owl-footer style=\"height:11px;width:300px\"></footer>"))
        #expect(html.contains("<header class=\"owl-header\" data-owl-header style=\"height:24px;width:100px\">T</header>"))
        #expect(html.contains("<footer class=\"owl-footer\" data-owl-footer>F</footer>"))
    }

    @Test func flowLayoutSettingsAreCSS() throws {
        let grid = FlowCollectionDirector(id: "g", templates: templates())
        grid.itemSize = .explicit(Size(width: 100, height: 50))
        grid.minimumInteritemSpacing = 8
        grid.minimumLineSpacing = 12.5
        grid.sectionsInsets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        grid.stickyHeaders = true
        grid.stickyFooters = true
        let custom = Section(id: "custom", header: "C", footer: "c")
        custom.minimumInterItemSpacing = 0
        custom.minimumLineSpacing = 2
        custom.sectionInsets = .zero
        grid.add(sections: [Section(id: "plain", header: "P"), custom])
        let html = try grid.render()
        #expect(html.contains("""
            <header class="owl-header" data-owl-header style="position:sticky;top:0">P</header>\
            <div class="owl-cells" data-owl-cells style="display:grid;grid-template-columns:repeat(auto-fill,minmax(100px,1fr));\
            grid-auto-rows:50px;row-gap:12.5px;column-gap:8px;padding:1px 4px 3px 2px">
            """))
        #expect(html.contains("""
            <div class="owl-cells" data-owl-cells style="display:grid;grid-template-columns:repeat(auto-fill,minmax(100px,1fr));\
            grid-auto-rows:50px;row-gap:2px;column-gap:0px;padding:0px 0px 0px 0px"></div>\
            <footer class="owl-footer" data-owl-footer style="position:sticky;bottom:0">c</footer>
            """))
        // A list has no flow layout: its sections' grid settings are left out.
        let list = ListDirector(id: "l", templates: templates())
        list.add(section: custom)
        #expect(try !list.render().contains("style="))
    }

    @Test func stringsAndIntegersAreModels() throws {
        let director = ListDirector(id: "l", templates: templates(["cells/LabelCell": "{{text}}"]))
        director.registerCellAdapter(CellAdapter<String, LabelCell> { $0.events.dequeue = { ctx in ctx.cell.text = ctx.element } })
        director.registerCellAdapter(CellAdapter<Int, LabelCell> { $0.events.dequeue = { ctx in ctx.cell.text = "#\(ctx.element)" } })
        director.add(elements: ["one", 2, "three"])
        #expect(try director.render().contains("""
            <li class="owl-cell" data-owl-cell="one">one</li><li class="owl-cell" data-owl-cell="2">#2</li>\
            <li class="owl-cell" data-owl-cell="three">three</li>
            """))
        let update = try director.reload { dir in dir.sections[0].set(elements: ["three", 2]) }
        #expect(update.patch.stages.flatMap(\.elementDeleted).map(\.id) == ["one"])
    }

    @Test func completionRunsOnceAfterTheUpdate() throws {
        let director = ListDirector(id: "l", templates: templates())
        director.registerCellAdapter(contactAdapter())
        var calls: [String] = []
        try director.reload(afterUpdate: { dir in
            calls.append("update")
            dir.add(elements: [ada])
        }, completion: {
            calls.append("completion \(director.sections.count)")
        })
        #expect(calls == ["update", "completion 1"])
        struct Refused: Error {}
        #expect(throws: Refused.self) { try director.reload(afterUpdate: { _ in throw Refused() }, completion: { calls.append("no") }) }
        #expect(calls.count == 2)
    }

    @Test func owlsTypeNamesWork() throws {
        let table: TableDirector = ListDirector(id: "t", templates: templates())
        let adapter = TableCellAdapter<Contact, ContactCell> { $0.events.dequeue = { ctx in ctx.cell.name = ctx.element.name } }
        table.registerCellAdapter(adapter)
        table.rowHeight = RowHeight.explicit(10)
        table.add(section: TableSection(id: "s", elements: [ada], header: "H", footer: nil))
        #expect(try table.render().contains("<strong>Ada</strong>"))
        let collection: CollectionDirector = GridDirector(id: "c", templates: templates())
        collection.itemSize = ItemSize.default
        let header = CollectionHeaderFooterAdapter<GroupHeader>()
        collection.registerHeaderFooterAdapter(header)
        let section = CollectionSection(id: "x", elements: [])
        section.headerView = header
        #expect(section.headerView === header && section.headerTitle == nil && section.identifier == "x")
        collection.add(section: section)
        #expect(try collection.render().contains("<header class=\"owl-header\" data-owl-header><h2></h2><small>0</small></header>"))
    }
}

/// `import Owl` alone names the OwlDiff types its API hands out (this file imports no OwlDiff).
@Suite struct OwlReexportTests {
    @Test func theDiffTypesComeWithOwl() throws {
        let director = ListDirector(id: "l", templates: templates())
        director.registerCellAdapter(contactAdapter())
        director.add(section: Section(id: "s", elements: [ada]))
        let update = try director.reload { dir in dir.sections[0].add(element: alan) }
        let changeset: StagedChangeset<[ArraySection<RenderedSection, RenderedCell>]> = update.changeset
        let inserted: [ElementPath] = changeset.flatMap(\.elementInserted)
        #expect(inserted == [ElementPath(element: 1, section: 0)])
        #expect(changeset.hasChanges)
    }
}
