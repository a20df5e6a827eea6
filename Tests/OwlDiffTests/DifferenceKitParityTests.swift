import OwlDiff
import Testing

/// DifferenceKit's API that OwlDiff offers under the same names (issue 36, item 4).
@Suite("DifferenceKit parity")
struct DifferenceKitParityTests {
    @Test("AnyDifferentiable mixes element types")
    func anyDifferentiable() throws {
        let source = [AnyDifferentiable("a"), AnyDifferentiable(1), AnyDifferentiable(Item(id: "x", content: "1"))]
        let target = [AnyDifferentiable(Item(id: "x", content: "2")), AnyDifferentiable("a"), AnyDifferentiable("1")]
        let stages = StagedChangeset(source: source, target: target)
        let changes = stages.reduce(into: (updated: 0, deleted: 0, inserted: 0)) { sum, stage in
            sum.updated += stage.elementUpdated.count
            sum.deleted += stage.elementDeleted.count
            sum.inserted += stage.elementInserted.count
        }
        // The Int 1 and the String "1" are different elements; x changed content.
        #expect(changes.updated == 1 && changes.deleted == 1 && changes.inserted == 1)
        let replayed = try stages.applied(to: source)
        #expect(replayed.map(\.differenceIdentifier) == target.map(\.differenceIdentifier))
        #expect((replayed[0].base as? Item)?.content == "2")
        #expect(AnyDifferentiable(AnyDifferentiable("a")).base is String)
        #expect(!AnyDifferentiable(1).isContentEqual(to: AnyDifferentiable("1")))
    }

    @Test("hasChanges")
    func hasChanges() {
        #expect(!Changeset<[Item]>(data: []).hasChanges)
        #expect(Changeset<[Item]>(data: ["a"], elementInserted: [path(0)]).hasChanges)
        #expect(!StagedChangeset(source: ["a"] as [Item], target: ["a"]).hasChanges)
        #expect(StagedChangeset(source: ["a"] as [Item], target: ["b"]).hasChanges)
    }

    @Test("init(source:target:section:) puts every path in the section")
    func linearInSection() throws {
        let source: [Item] = ["a", "b:1", "c"]
        let target: [Item] = ["c", "b:2", "d"]
        let inSection = StagedChangeset(source: source, target: target, section: 3)
        let plain = StagedChangeset(source: source, target: target)
        #expect(inSection.count == plain.count)
        for (stage, reference) in zip(inSection, plain) {
            let paths = stage.elementDeleted + stage.elementInserted + stage.elementUpdated
                + stage.elementMoved.flatMap { [$0.source, $0.target] }
            #expect(!paths.isEmpty && paths.allSatisfy { $0.section == 3 })
            #expect(stage.elementInserted.map(\.element) == reference.elementInserted.map(\.element))
            #expect(stage.elementMoved.map(\.source.element) == reference.elementMoved.map(\.source.element))
        }
        #expect(try inSection.applied(to: source) == target)
    }

    @Test("ContentEquatable for Optional and Array")
    func containers() {
        let none: Item? = nil
        #expect(none.isContentEqual(to: nil))
        #expect(!none.isContentEqual(to: Item(id: "a")))
        #expect(Optional(Item(id: "a", content: "1")).isContentEqual(to: Item(id: "a", content: "1")))
        #expect(!Optional(Item(id: "a", content: "1")).isContentEqual(to: Item(id: "a", content: "2")))
        let items: [Item] = ["a:1", "b"]
        #expect(items.isContentEqual(to: ["a:1", "b"]))
        #expect(!items.isContentEqual(to: ["a:2", "b"]))
        #expect(!items.isContentEqual(to: ["a:1"]))
    }

    @Test("ElementPath prints as DifferenceKit's does")
    func elementPathDescription() {
        #expect("\(ElementPath(element: 1, section: 0))" == "[element: 1, section: 0]")
        #expect(String(reflecting: ElementPath(element: 1, section: 0)) == "[element: 1, section: 0]")
        #expect(ReplayError.invalidElement(path(2, 5)).description.contains("[element: 5, section: 2]"))
    }
}
