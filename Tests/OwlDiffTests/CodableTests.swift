import Foundation
import OwlDiff
import Testing

@Suite("Changeset JSON")
struct CodableTests {
    func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("an element path is [section, element]")
    func elementPath() throws {
        #expect(try json(path(2, 5)) == "[2,5]")
        #expect(try JSONDecoder().decode(ElementPath.self, from: Data("[2,5]".utf8)) == path(2, 5))
    }

    @Test("a changeset is its data and its non-empty changes; moves are [from, to]")
    func changesetForm() throws {
        let changeset = Changeset(
            data: [7], sectionMoved: [(3, 1)], elementDeleted: [path(0, 5)], elementMoved: [(path(0, 4), path(1, 2))]
        )
        #expect(try json(changeset) == #"{"data":[7],"elementDeleted":[[0,5]],"elementMoved":[[[0,4],[1,2]]],"sectionMoved":[[3,1]]}"#)
    }

    @Test("missing kinds of change decode as none")
    func missingKinds() throws {
        let decoded = try JSONDecoder().decode(Changeset<[Int]>.self, from: Data(#"{"data":[1],"sectionUpdated":[0]}"#.utf8))
        #expect(decoded == Changeset(data: [1], sectionUpdated: [0]))
    }

    @Test("a staged changeset round-trips")
    func roundTrip() throws {
        let source = [section("A", ["a", "b:1", "c"]), section("B", ["d"]), section("C", ["e", "f"])]
        let target = [section("C", ["f", "e", "g"]), section("A:x", ["b:2", "a"]), section("D", ["h"])]
        let stages = StagedChangeset(source: source, target: target)
        #expect(stages.count == 5)
        let decoded = try JSONDecoder().decode(StagedChangeset<[Section]>.self, from: JSONEncoder().encode(stages))
        #expect(decoded == stages)
    }
}
