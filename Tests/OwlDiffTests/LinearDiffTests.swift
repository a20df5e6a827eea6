import OwlDiff
import Testing

@Suite("Linear diffs")
struct LinearDiffTests {
    @Test("equal collections have no stages")
    func equal() {
        #expect(StagedChangeset(source: [Item](), target: []).isEmpty)
        #expect(StagedChangeset(source: ["a", "b:1"] as [Item], target: ["a", "b:1"]).isEmpty)
    }

    @Test("an insert")
    func insert() {
        let target: [Item] = ["a", "c", "b"]
        let expected: StagedChangeset = [Changeset(data: target, elementInserted: [path(1)])]
        #expect(StagedChangeset(source: ["a", "b"], target: target) == expected)
    }

    @Test("inserts into an empty collection")
    func insertIntoEmpty() {
        let target: [Item] = ["a", "b"]
        let expected: StagedChangeset = [Changeset(data: target, elementInserted: [path(0), path(1)])]
        #expect(StagedChangeset(source: [], target: target) == expected)
    }

    @Test("a delete")
    func delete() {
        let target: [Item] = ["a", "c"]
        let expected: StagedChangeset = [Changeset(data: target, elementDeleted: [path(1)])]
        #expect(StagedChangeset(source: ["a", "b", "c"], target: target) == expected)
    }

    @Test("an update")
    func update() {
        let target: [Item] = ["a", "b:2"]
        let expected: StagedChangeset = [Changeset(data: target, elementUpdated: [path(1)])]
        #expect(StagedChangeset(source: ["a", "b:1"], target: target) == expected)
    }

    @Test("a move keeps the longest increasing run in place")
    func move() {
        let target: [Item] = ["c", "a", "b"]
        let expected: StagedChangeset = [Changeset(data: target, elementMoved: [(path(2), path(0))])]
        #expect(StagedChangeset(source: ["a", "b", "c"], target: target) == expected)
    }

    @Test("updates, deletes, inserts and moves in three stages")
    func mixed() {
        let target: [Item] = ["d", "a:2", "e", "c"]
        let expected: StagedChangeset = [
            Changeset(data: ["a:2", "b", "c", "d"], elementUpdated: [path(0)]),
            Changeset(data: ["a:2", "c", "d"], elementDeleted: [path(1)]),
            Changeset(data: target, elementInserted: [path(2)], elementMoved: [(path(2), path(0))]),
        ]
        #expect(StagedChangeset(source: ["a", "b", "c", "d"], target: target) == expected)
    }

    @Test("duplicates match first in, first out; extra copies are inserted")
    func duplicatesInserted() {
        let target: [Item] = ["b", "a", "a", "a"]
        let expected: StagedChangeset = [
            Changeset(data: target, elementInserted: [path(3)], elementMoved: [(path(2), path(0))]),
        ]
        #expect(StagedChangeset(source: ["a", "a", "b"], target: target) == expected)
    }

    @Test("duplicates match first in, first out; extra copies are deleted")
    func duplicatesDeleted() {
        let target: [Item] = ["a:2"]
        let expected: StagedChangeset = [
            Changeset(data: ["a:2", "b", "a:1"], elementUpdated: [path(0)]),
            Changeset(data: target, elementDeleted: [path(1), path(2)]),
        ]
        #expect(StagedChangeset(source: ["a:1", "b", "a:1"], target: target) == expected)
    }

    @Test("a reversal moves all but one element")
    func reversal() {
        let target: [Item] = ["d", "c", "b", "a"]
        let expected: StagedChangeset = [
            Changeset(data: target, elementMoved: [(path(3), path(0)), (path(2), path(1)), (path(1), path(2))]),
        ]
        #expect(StagedChangeset(source: ["a", "b", "c", "d"], target: target) == expected)
    }

    @Test("Hashable values are their own identifiers")
    func strings() {
        let expected: StagedChangeset = [
            Changeset(data: ["y", "x"], elementDeleted: [path(0)]),
            Changeset(data: ["z", "x", "y"], elementInserted: [path(0)], elementMoved: [(path(1), path(1))]),
        ]
        #expect(StagedChangeset(source: ["w", "y", "x"], target: ["z", "x", "y"]) == expected)
    }

    @Test("any range-replaceable collection works, here a String of Characters")
    func string() throws {
        let stages = StagedChangeset(source: "abcd", target: "dabx")
        let expected: StagedChangeset<String> = [
            Changeset(data: "abd", elementDeleted: [path(2)]),
            Changeset(data: "dabx", elementInserted: [path(3)], elementMoved: [(path(2), path(0))]),
        ]
        #expect(stages == expected)
        #expect(try stages[1].applied(to: stages[0].data) == "dabx")
    }
}
