@testable import Owl
import Testing

@Suite struct RenderedListTests {
    @Test func rangesAndHashesLocateEverySectionAndCell() throws {
        let director = ListDirector(id: "l", templates: templates())
        director.registerCellAdapter(contactAdapter())
        director.registerCellAdapter(companyAdapter())
        director.add(sections: [
            Section(id: "é", elements: [Contact(name: "Zoë ✓", email: "z@x"), Company(name: "ACME")], header: "Ünïcode"),
            Section(id: "empty", footer: "end"),
        ])
        let list = try director.renderList()
        let bytes = Array(list.html.utf8)
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

        #expect(list.sections.map(\.id) == ["é", "empty"])
        for section in list.sections {
            #expect(text(section.range).hasPrefix("<section class=\"owl-section\" data-owl-section="))
            #expect(text(section.range).hasSuffix("</section>"))
            #expect(list.html(of: section) == text(section.range))
            let shell = list.shell(of: section)
            #expect(section.hash == ContentHash(shell))
            #expect(shell.contains("data-owl-cells></ol>"))
            #expect(!shell.contains("data-owl-cell="))
            for cell in section.cells {
                #expect(text(cell.range).hasPrefix("<li class=\"owl-cell\" data-owl-cell=\"\(cell.id)\""))
                #expect(text(cell.range).hasSuffix("</li>"))
                #expect(cell.hash == ContentHash(text(cell.range)))
                #expect(section.cellsRange.contains(cell.range.lowerBound))
            }
        }
        #expect(list.html(of: list.sections[0].cells[0]).contains("Zoë ✓"))
        #expect(list.shell == "<div class=\"owl-list\" data-owl-list=\"l\"></div>")
        #expect(text(list.sections[0].cellsRange) == list.sections[0].cells.map { list.html(of: $0) }.joined())
    }

    @Test func rangesFromAnotherListAreClamped() throws {
        let director = ListDirector(id: "l", templates: templates())
        let list = try director.renderList()
        let foreign = RenderedCell(id: "x", range: 5..<5_000, hash: ContentHash(""))
        #expect(list.html(of: foreign) == String(list.html.dropFirst(5)))
    }

    @Test func hashesChangeOnlyWithContent() throws {
        func render(_ header: HeaderFooter, _ second: Contact) throws -> RenderedList {
            let director = ListDirector(id: "l", templates: templates())
            director.registerCellAdapter(contactAdapter())
            director.add(section: Section(id: "s", elements: [ada, second], header: header))
            return try director.renderList()
        }
        let before = try render("One", alan)
        let renamed = try render("One", Contact(name: "Alan T.", email: alan.email))
        #expect(renamed.sections[0].hash == before.sections[0].hash)
        #expect(renamed.sections[0].cells[0].hash == before.sections[0].cells[0].hash)
        #expect(renamed.sections[0].cells[1].hash != before.sections[0].cells[1].hash)
        let retitled = try render("Two", alan)
        #expect(retitled.sections[0].hash != before.sections[0].hash)
        #expect(retitled.sections[0].cells.map(\.hash) == before.sections[0].cells.map(\.hash))
    }
}
