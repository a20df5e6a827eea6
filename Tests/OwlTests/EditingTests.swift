import Foundation
import Owl
import Testing

@Suite struct SectionEditingTests {
    private let section = Section(id: "s", elements: [ada, alan])
    private var ids: [String] { section.elements.map(\.differenceIdentifier) }

    @Test func setElements() {
        section.set(elements: [grace])
        #expect(ids == [grace.email])
    }

    @Test func addElementAtIndexOrAtTheEnd() {
        section.add(element: grace, at: 1)
        #expect(ids == [ada.email, grace.email, alan.email])
        section.add(element: Company(name: "X"))
        #expect(ids == [ada.email, grace.email, alan.email, "company-X"])
        section.add(element: Company(name: "Y"), at: 99)
        #expect(ids.last == "company-Y")
        #expect(section.count == 5)
    }

    @Test func addElementsAtIndexOrAtTheEnd() {
        section.add(elements: [grace, Company(name: "X")], at: 0)
        #expect(ids == [grace.email, "company-X", ada.email, alan.email])
        section.add(elements: [Company(name: "Y")])
        #expect(ids.last == "company-Y")
    }

    @Test func removeAt() {
        #expect(section.remove(at: 0)?.differenceIdentifier == ada.email)
        #expect(section.remove(at: 5) == nil)
        #expect(ids == [alan.email])
    }

    @Test func removeAtIndexes() {
        section.add(element: grace)
        let removed = section.remove(atIndexes: IndexSet([0, 2, 7]))
        #expect(removed.map(\.differenceIdentifier) == [ada.email, grace.email])
        #expect(ids == [alan.email])
    }

    @Test func removeAll() {
        section.removeAll(keepingCapacity: true)
        #expect(section.elements.isEmpty)
    }

    @Test func moveSwapping() {
        section.add(element: grace)
        section.move(swappingAt: 0, with: 2)
        #expect(ids == [grace.email, alan.email, ada.email])
        section.move(swappingAt: 0, with: 3)
        #expect(ids == [grace.email, alan.email, ada.email])
    }

    @Test func moveFromTo() {
        section.add(element: grace)
        section.move(from: 0, to: 2)
        #expect(ids == [alan.email, grace.email, ada.email])
        section.move(from: 2, to: 0)
        #expect(ids == [ada.email, alan.email, grace.email])
        section.move(from: -1, to: 0)
        #expect(ids == [ada.email, alan.email, grace.email])
    }
}

@Suite struct DirectorEditingTests {
    private let director = ListDirector(id: "l", templates: templates())
    private var sectionIDs: [String] { director.sections.map(\.id) }

    init() {
        director.add(sections: [Section(id: "a"), Section(id: "b")])
    }

    @Test func addSectionAtIndexOrAtTheEnd() {
        director.add(section: Section(id: "c"))
        director.add(section: Section(id: "first"), at: 0)
        director.add(section: Section(id: "clamped"), at: -3)
        #expect(sectionIDs == ["clamped", "first", "a", "b", "c"])
    }

    @Test func addSectionsAtIndex() {
        director.add(sections: [Section(id: "x"), Section(id: "y")], at: 1)
        #expect(sectionIDs == ["a", "x", "y", "b"])
    }

    @Test func addElementsMakesANewSectionAsOwlDoes() {
        let added = director.add(elements: [ada, alan])
        #expect(identifiers(director) == [[], [], [ada.email, alan.email]])
        #expect(sectionIDs == ["a", "b", "section-3"])
        #expect(added === director.lastSection)
        let empty = ListDirector(id: "e", templates: templates())
        empty.add(elements: [grace])
        #expect(identifiers(empty) == [[grace.email]])
        #expect(empty.sections.map(\.id) == ["section-1"])
    }

    @Test func addElementsInSectionAppendsToIt() {
        director.section(id: "a")?.add(element: grace)
        #expect(director.add(elements: [ada, alan], inSection: 0) === director.sections[0])
        #expect(identifiers(director) == [[grace.email, ada.email, alan.email], []])
        director.add(elements: [grace], inSection: 7)
        #expect(identifiers(director) == [[grace.email, ada.email, alan.email], [], [grace.email]])
    }

    @Test func sectionsWithoutIdentifierGetAFreeName() {
        director.add(section: Section(id: "section-3"))
        director.add(sections: [Section(), Section()])
        #expect(sectionIDs == ["a", "b", "section-3", "section-4", "section-5"])
        let named = Section()
        director.add(section: named, at: 0)
        #expect(named.id == "section-1")
        director.move(from: 0, to: 3)
        #expect(named.id == "section-1")
    }

    @Test func removeSection() {
        #expect(director.remove(section: 0)?.id == "a")
        #expect(director.remove(section: 4) == nil)
        #expect(sectionIDs == ["b"])
    }

    @Test func removeSectionsAt() {
        director.add(section: Section(id: "c"))
        #expect(director.remove(sectionsAt: IndexSet([0, 2])).map(\.id) == ["a", "c"])
        #expect(sectionIDs == ["b"])
    }

    @Test func removeAll() {
        #expect(director.removeAll(keepingCapacity: false).map(\.id) == ["a", "b"])
        #expect(director.sections.isEmpty)
        #expect(director.firstSection == nil && director.lastSection == nil)
    }

    @Test func moveSwapping() {
        director.add(section: Section(id: "c"))
        director.move(swappingAt: 0, with: 2)
        #expect(sectionIDs == ["c", "b", "a"])
    }

    @Test func moveFromTo() {
        director.add(section: Section(id: "c"))
        director.move(from: 0, to: 2)
        #expect(sectionIDs == ["b", "c", "a"])
        director.move(from: 1, to: 9)
        #expect(sectionIDs == ["b", "c", "a"])
    }

    @Test func lookUpSections() {
        #expect(director.firstSection?.id == "a")
        #expect(director.lastSection?.id == "b")
        #expect(director.section(at: 1)?.id == "b")
        #expect(director.section(at: 2) == nil)
        #expect(director.section(id: "b") === director.sections[1])
        #expect(director.section(id: "z") == nil)
    }

    @Test func editsThroughTheDirectorShowInTheRenderedList() throws {
        director.registerCellAdapter(contactAdapter())
        director.section(id: "b")?.add(elements: [ada, alan])
        director.section(at: 1)?.move(swappingAt: 0, with: 1)
        director.move(from: 1, to: 0)
        let list = try director.renderList()
        #expect(list.sections.map(\.id) == ["b", "a"])
        #expect(list.sections[0].cells.map(\.id) == [alan.email, ada.email])
    }
}
