import Foundation
import Owl
import OwlDiff
import Testing
import TestSupport

@Suite struct ReloadTests {
    private func director(_ sections: [Section]) -> ListDirector {
        let director = ListDirector(id: "people", templates: templates())
        director.registerCellAdapter(contactAdapter())
        director.registerCellAdapter(companyAdapter())
        director.add(sections: sections)
        return director
    }

    /// Replays the changeset with OwlDiff and the patch on the old HTML: both must give the new list.
    private func expectExactReplay(_ update: ListUpdate) throws {
        var data = update.old.diffSections
        for stage in update.changeset {
            data = try stage.applied(to: data)
        }
        #expect(signature(data) == signature(update.new.diffSections))
        #expect(update.patch.stages.count == update.changeset.count)
        var patched = PatchedList(update.old)
        try patched.apply(update.patch)
        #expect(patched.html == update.new.html)
    }

    @Test func everyKindOfChangeReplaysExactly() throws {
        let director = director([
            Section(id: "friends", elements: [ada, alan, grace], header: "Friends"),
            Section(id: "work", elements: [Company(name: "ACME"), Company(name: "Initech")]),
            Section(id: "old", elements: [Contact(name: "Old", email: "old@example.com")]),
            Section(id: "family", elements: []),
        ])
        let update = try director.reload { director in
            director.remove(section: 2)
            director.move(from: 2, to: 0)
            director.section(id: "friends")?.header = "Best friends"
            director.section(id: "friends")?.remove(at: 1)
            director.section(id: "friends")?.set(elements: [Contact(name: "Grace H.", email: grace.email), ada])
            director.section(id: "work")?.add(element: alan, at: 1)
            director.add(section: Section(id: "new", elements: [Company(name: "Globex")]), at: 1)
        }
        try expectExactReplay(update)
        let stages = update.changeset.map { $0 }
        #expect(stages.contains { !$0.elementUpdated.isEmpty })
        #expect(stages.contains { !$0.sectionDeleted.isEmpty })
        #expect(stages.contains { !$0.sectionInserted.isEmpty })
        #expect(stages.contains { !$0.sectionUpdated.isEmpty })
        #expect(stages.contains { !$0.elementMoved.isEmpty })
    }

    @Test func patchJSONIsTheListEntryOfAPatchFile() throws {
        let director = director([Section(id: "s", elements: [ada, alan], header: "H")])
        let update = try director.reload { director in
            director.section(at: 0)?.set(elements: [Contact(name: "Alan T.", email: alan.email), grace])
            director.section(at: 0)?.header = "H2"
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(update.patch), as: UTF8.self)
        let alanCell = #"<li class=\"owl-cell\" data-owl-cell=\"alan@example.com\"><strong>Alan T.</strong> alan@example.com</li>"#
        let graceCell = #"<li class=\"owl-cell\" data-owl-cell=\"grace@example.com\"><strong>Grace</strong> grace@example.com</li>"#
        let shell = #"<section class=\"owl-section\" data-owl-section=\"s\"><header class=\"owl-header\" data-owl-header>H2</header><ol class=\"owl-cells\" data-owl-cells></ol></section>"#
        #expect(
            json == """
                {"id":"people","stages":[\
                {"elementUpdated":[{"at":[0,1],"html":"\(alanCell)","id":"alan@example.com"}]},\
                {"elementDeleted":[{"at":[0,0],"id":"ada@example.com"}]},\
                {"elementInserted":[{"at":[0,1],"html":"\(graceCell)"}]},\
                {"sectionUpdated":[{"at":0,"html":"\(shell)","id":"s"}]}]}
                """
        )
        #expect(try JSONDecoder().decode(ListPatch.self, from: Data(json.utf8)) == update.patch)
    }

    @Test func aChangesetThatDoesNotFitItsSourceThrows() throws {
        let director = director([Section(id: "a", elements: [ada, alan]), Section(id: "b", elements: [grace])])
        let update = try director.reload { director in
            director.remove(section: 1)
            director.section(at: 0)?.remove(at: 1)
        }
        #expect(throws: ReplayError.self) {
            try ListPatch(
                id: "people", source: Array(update.old.diffSections.prefix(0)), changeset: update.changeset,
                sectionHTML: update.new.html(of:), sectionShell: update.new.shell(of:), elementHTML: update.new.html(of:)
            )
        }
    }

    @Test func noChangeGivesNoStages() throws {
        let director = director([Section(id: "s", elements: [ada])])
        let update = try director.reload { _ in }
        #expect(update.changeset.isEmpty)
        #expect(update.patch.stages.isEmpty)
        #expect(update.old == update.new)
    }

    @Test func randomEditsReplayExactly() throws {
        var random = SeededGenerator(seed: 7)
        let people = (0..<40).map { Contact(name: "P\($0)", email: "p\($0)@x") }
        for _ in 0..<60 {
            let director = director(
                (0..<4).map { section in
                    Section(id: "s\(section)", elements: Array(people[(section * 6)..<(section * 6 + 5)]), header: "\(section)")
                })
            let update = try director.reload { director in
                for _ in 0..<Int.random(in: 0..<8, using: &random) {
                    let section = director.section(at: Int.random(in: 0..<director.sections.count + 1, using: &random))
                    switch Int.random(in: 0..<9, using: &random) {
                    case 0:
                        // A cell's identifier is unique in its section: add only people the section lacks.
                        let person = people[Int.random(in: 0..<people.count, using: &random)]
                        if section?.elements.contains(where: { $0.differenceIdentifier == person.email }) == false {
                            section?.add(element: person, at: Int.random(in: 0..<6, using: &random))
                        }
                    case 1: section?.remove(at: Int.random(in: 0..<6, using: &random))
                    case 2: section?.move(from: Int.random(in: 0..<6, using: &random), to: Int.random(in: 0..<6, using: &random))
                    case 3: section?.header = "h\(Int.random(in: 0..<3, using: &random))"
                    case 4: director.move(from: Int.random(in: 0..<5, using: &random), to: Int.random(in: 0..<5, using: &random))
                    case 5: director.remove(section: Int.random(in: 0..<5, using: &random))
                    case 6:
                        // A section's identifier is unique in its list.
                        let id = "n\(Int.random(in: 0..<3, using: &random))"
                        if director.section(id: id) == nil {
                            director.add(section: Section(id: id, elements: [people[Int.random(in: 0..<40, using: &random)]]), at: Int.random(in: 0..<5, using: &random))
                        }
                    case 7: section?.set(elements: section?.elements.map { ($0 as? Contact).map { Contact(name: $0.name + "!", email: $0.email) } ?? $0 } ?? [])
                    default: section?.move(swappingAt: Int.random(in: 0..<6, using: &random), with: Int.random(in: 0..<6, using: &random))
                    }
                }
            }
            try expectExactReplay(update)
        }
    }
}
