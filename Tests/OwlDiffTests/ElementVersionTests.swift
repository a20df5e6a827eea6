import OwlDiff
import Testing

/// An element whose content ignores its revision, so equal content is not equality.
private struct Revised: Differentiable, Equatable {
    var id: String
    var revision: Int

    var differenceIdentifier: String { id }

    func isContentEqual(to source: Revised) -> Bool { id == source.id }
}

@Suite("Element versions")
struct ElementVersionTests {
    @Test("elements keep their source version until the last stage, so every stage replays exactly")
    func versions() throws {
        typealias RevisedSection = ArraySection<Item, Revised>
        let source = [RevisedSection(model: "s:1", elements: [Revised(id: "a", revision: 1), Revised(id: "b", revision: 1)])]
        let target = [RevisedSection(model: "s:2", elements: [Revised(id: "b", revision: 2), Revised(id: "a", revision: 2)])]
        let stages = StagedChangeset(source: source, target: target)
        #expect(stages.map(\.elementMoved.count) == [1, 0])
        #expect(stages.map(\.sectionUpdated) == [[], [0]])
        let moved = [RevisedSection(model: "s:1", elements: [Revised(id: "b", revision: 1), Revised(id: "a", revision: 1)])]
        #expect(stages[0].data == moved)
        #expect(try stages[0].applied(to: source) == moved)
        #expect(stages[1].data == target)
    }
}
