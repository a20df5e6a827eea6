import Owl
import Testing

@Suite struct SizingTests {
    private func firstCell(_ director: Director, adapterSizing: Sizing? = nil) throws -> String {
        let adapter = contactAdapter()
        adapter.sizing = adapterSizing
        director.registerCellAdapter(adapter)
        director.add(section: Section(id: "s", elements: [ada]))
        let list = try director.renderList()
        let cell = list.html(of: list.sections[0].cells[0])
        return String(cell[..<(cell.firstIndex(of: ">") ?? cell.endIndex)])
    }

    @Test func listRowHeights() throws {
        let list = ListDirector(id: "l", templates: templates())
        #expect(try firstCell(list) == "<li class=\"owl-cell\" data-owl-cell=\"ada@example.com\"")
        let explicit = ListDirector(id: "l", templates: templates())
        explicit.rowHeight = .explicit(44)
        #expect(try firstCell(explicit).hasSuffix("style=\"height:44px\""))
        let auto = ListDirector(id: "l", templates: templates())
        auto.rowHeight = .auto(estimated: 60.5)
        #expect(try firstCell(auto).hasSuffix("style=\"content-visibility:auto;contain-intrinsic-size:auto 60.5px\""))
    }

    @Test func adapterSizingOverridesTheDirector() throws {
        let list = ListDirector(id: "l", templates: templates())
        list.rowHeight = .explicit(44)
        #expect(try firstCell(list, adapterSizing: .default) == "<li class=\"owl-cell\" data-owl-cell=\"ada@example.com\"")
        let other = ListDirector(id: "l", templates: templates())
        other.rowHeight = .explicit(44)
        #expect(try firstCell(other, adapterSizing: .explicit(80)).hasSuffix("style=\"height:80px\""))
    }

    @Test func gridItemSizes() throws {
        let explicit = GridDirector(id: "g", templates: templates())
        explicit.itemSize = .explicit(Size(width: 150, height: 90))
        #expect(try firstCell(explicit) == "<div class=\"owl-cell\" data-owl-cell=\"ada@example.com\"")
        #expect(try explicit.render().contains("style=\"display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));grid-auto-rows:90px\""))

        let auto = GridDirector(id: "g", templates: templates())
        auto.itemSize = .auto(estimated: Size(width: 150, height: 90))
        #expect(try firstCell(auto).hasSuffix("style=\"content-visibility:auto;contain-intrinsic-size:auto 150px auto 90px\""))
        #expect(try auto.render().contains("data-owl-cells style=\"display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr))\">"))

        let perAdapter = GridDirector(id: "g", templates: templates())
        #expect(try firstCell(perAdapter, adapterSizing: .explicit(Size(width: 300, height: 200))).hasSuffix("style=\"height:200px;width:300px\""))
        #expect(try perAdapter.render().contains("<div class=\"owl-cells\" data-owl-cells style=\"display:grid\">"))
    }

    @Test func nonsenseSizesBecomeZero() throws {
        let list = ListDirector(id: "l", templates: templates())
        list.rowHeight = .explicit(Size(height: -.infinity))
        #expect(try firstCell(list).hasSuffix("style=\"height:0px\""))
    }
}
