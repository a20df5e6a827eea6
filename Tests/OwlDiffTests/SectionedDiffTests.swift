import OwlDiff
import Testing

@Suite("Sectioned diffs")
struct SectionedDiffTests {
    @Test("equal collections have no stages")
    func equal() {
        #expect(StagedChangeset(source: [Section](), target: []).isEmpty)
        let sections = [section("s", ["a", "b"]), section("t")]
        #expect(StagedChangeset(source: sections, target: sections).isEmpty)
    }

    @Test("an inserted section brings its elements")
    func sectionInsert() {
        let target = [section("s0", ["a"]), section("s1", ["b", "c"])]
        let expected: StagedChangeset = [Changeset(data: target, sectionInserted: [1])]
        #expect(StagedChangeset(source: [section("s0", ["a"])], target: target) == expected)
    }

    @Test("a deleted section takes its elements")
    func sectionDelete() {
        let target = [section("s1", ["b"])]
        let expected: StagedChangeset = [Changeset(data: target, sectionDeleted: [0])]
        #expect(StagedChangeset(source: [section("s0", ["a", "c"]), section("s1", ["b"])], target: target) == expected)
    }

    @Test("a section move")
    func sectionMove() {
        let target = [section("s2", ["c"]), section("s0", ["a"]), section("s1", ["b"])]
        let expected: StagedChangeset = [Changeset(data: target, sectionMoved: [(2, 0)])]
        let source = [section("s0", ["a"]), section("s1", ["b"]), section("s2", ["c"])]
        #expect(StagedChangeset(source: source, target: target) == expected)
    }

    @Test("a section update changes the section, not its elements")
    func sectionUpdate() {
        let target = [section("s0:new", ["a", "b"])]
        let expected: StagedChangeset = [Changeset(data: target, sectionUpdated: [0])]
        #expect(StagedChangeset(source: [section("s0:old", ["a", "b"])], target: target) == expected)
    }

    @Test("one element moving to another section is one move")
    func moveAcrossSections() {
        let source = [section("s0", ["a", "b", "c", "d"]), section("s1", ["e"])]
        let target = [section("s0", ["b", "c", "d"]), section("s1", ["a", "e"])]
        let expected: StagedChangeset = [Changeset(data: target, elementMoved: [(path(0, 0), path(1, 0))])]
        #expect(StagedChangeset(source: source, target: target) == expected)
    }

    @Test("an element moving into an inserted section is deleted, and comes with the section")
    func moveIntoInsertedSection() {
        let target = [section("s0", ["a"]), section("s1", ["b"])]
        let expected: StagedChangeset = [
            Changeset(data: [section("s0", ["a"])], elementDeleted: [path(0, 1)]),
            Changeset(data: target, sectionInserted: [1]),
        ]
        #expect(StagedChangeset(source: [section("s0", ["a", "b"])], target: target) == expected)
    }

    @Test("an element moving out of a deleted section goes with it and is inserted")
    func moveOutOfDeletedSection() {
        let target = [section("s1", ["b", "a"])]
        let expected: StagedChangeset = [
            Changeset(data: [section("s1", ["b"])], sectionDeleted: [0]),
            Changeset(data: target, elementInserted: [path(0, 1)]),
        ]
        #expect(StagedChangeset(source: [section("s0", ["a"]), section("s1", ["b"])], target: target) == expected)
    }

    @Test("duplicate section identifiers match first in, first out")
    func duplicateSections() {
        let source = [section("s", ["a"]), section("s", ["b"])]
        let target = [section("s", ["b"]), section("s", ["a"]), section("s", ["c"])]
        let expected: StagedChangeset = [
            Changeset(data: [section("s", ["a"]), section("s", ["b"]), section("s", ["c"])], sectionInserted: [2]),
            Changeset(data: target, elementMoved: [(path(1, 0), path(0, 0)), (path(0, 0), path(1, 0))]),
        ]
        #expect(StagedChangeset(source: source, target: target) == expected)
    }

    @Test("all five stages, in DifferenceKit's order")
    func allStages() {
        let source = [section("A", ["a", "b:1", "c"]), section("B", ["d"]), section("C", ["e", "f"])]
        let target = [section("C", ["f", "e", "g"]), section("A:x", ["b:2", "a"]), section("D", ["h"])]
        let expected: StagedChangeset = [
            Changeset(
                data: [section("A", ["a", "b:2", "c"]), section("B", ["d"]), section("C", ["e", "f"])],
                elementUpdated: [path(0, 1)]
            ),
            Changeset(
                data: [section("A", ["a", "b:2"]), section("C", ["e", "f"])],
                sectionDeleted: [1], elementDeleted: [path(0, 2)]
            ),
            Changeset(
                data: [section("C", ["e", "f"]), section("A", ["a", "b:2"]), section("D", ["h"])],
                sectionInserted: [2], sectionMoved: [(1, 0)]
            ),
            Changeset(
                data: [section("C", ["f", "e", "g"]), section("A", ["b:2", "a"]), section("D", ["h"])],
                elementInserted: [path(0, 2)], elementMoved: [(path(0, 1), path(0, 0)), (path(1, 1), path(1, 0))]
            ),
            Changeset(data: target, sectionUpdated: [1]),
        ]
        #expect(StagedChangeset(source: source, target: target) == expected)
    }

    @Test("a reversal of sections moves all but one")
    func sectionReversal() {
        let source = [section("s0"), section("s1"), section("s2")]
        let target = [section("s2"), section("s1"), section("s0")]
        let expected: StagedChangeset = [Changeset(data: target, sectionMoved: [(2, 0), (1, 1)])]
        #expect(StagedChangeset(source: source, target: target) == expected)
    }
}
