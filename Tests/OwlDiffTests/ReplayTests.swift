import OwlDiff
import Testing

@Suite("Replay")
struct ReplayTests {
    @Test("a linear stage applies in the documented order")
    func linear() throws {
        let stage = Changeset<[Item]>(
            data: ["x", "c", "a"], elementInserted: [path(0)], elementMoved: [(path(0), path(2))]
        )
        #expect(try stage.applied(to: ["a", "c"]) == ["x", "c", "a"])
    }

    @Test("a position out of range throws")
    func outOfRange() {
        #expect(throws: ReplayError.invalidElement(path(0, 5))) {
            try Changeset<[Item]>(data: ["a"], elementDeleted: [path(5)]).applied(to: ["a", "b"])
        }
        #expect(throws: ReplayError.invalidSection(7)) {
            try Changeset(data: [section("s")], sectionMoved: [(7, 0)]).applied(to: [section("s")])
        }
        #expect(throws: ReplayError.invalidElement(path(0, 3))) {
            try Changeset(data: [section("s", ["a"])], elementInserted: [path(0, 3)]).applied(to: [section("s")])
        }
    }

    @Test("a position addressed twice throws")
    func twice() {
        #expect(throws: ReplayError.invalidElement(path(0, 1))) {
            try Changeset<[Item]>(data: ["a"], elementDeleted: [path(1), path(1)]).applied(to: ["a", "b", "c"])
        }
        #expect(throws: ReplayError.invalidSection(0)) {
            try Changeset(data: [section("s"), section("t")], sectionInserted: [0, 0]).applied(to: [])
        }
    }
}
