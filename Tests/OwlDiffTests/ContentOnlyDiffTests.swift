import OwlDiff
import Testing
import TestSupport

/// Edits that change what elements hold but not which elements there are: the diff pairs
/// elements by position (no identifier is hashed), and must report what pairing them by
/// identifier reports.
@Suite("Content-only diffs")
struct ContentOnlyDiffTests {
    @Test("repeated identifiers: the updates are at the changed positions, nothing moves")
    func repeatedIdentifiers() {
        let source: [Item] = ["a:1", "b:1", "a:1", "a:1", "b:1"]
        let target: [Item] = ["a:1", "b:1", "a:2", "a:1", "b:2"]
        let expected: StagedChangeset = [Changeset(data: target, elementUpdated: [path(2), path(4)])]
        #expect(StagedChangeset(source: source, target: target) == expected)
    }

    @Test("sections in place: updates of elements and of sections, by their own positions")
    func sectionsInPlace() {
        let source = [section("s:1", ["x:1", "x:1"]), section("t:1", ["x:1"])]
        let target = [section("s:1", ["x:1", "x:2"]), section("t:2", ["x:2"])]
        let stages = StagedChangeset(source: source, target: target)
        #expect(stages.count == 2)
        #expect(stages.flatMap(\.elementUpdated) == [path(0, 1), path(1, 0)])
        #expect(stages.flatMap(\.sectionUpdated) == [1])
        #expect(stages.allSatisfy { $0.elementMoved.isEmpty && $0.elementDeleted.isEmpty && $0.elementInserted.isEmpty })
        #expect(stages.last?.data == target)
    }

    @Test("the same elements in sections that do not pair in place are paired by identifier")
    func sectionsNotInPlace() {
        // The elements read x, x on both sides, but section a moves, b goes and c comes:
        // a's x stays a's x, which pairing by position would take for a delete and an insert.
        let source = [section("a", ["x"]), section("b", ["x"])]
        let target = [section("c", ["x"]), section("a", ["x"])]
        let stages = StagedChangeset(source: source, target: target)
        let counts = ChangeCounts(stages)
        #expect(counts == ReferenceDiff.counts(source: source, target: target))
        #expect(counts.elementDeleted == 0 && counts.elementInserted == 0 && counts.elementMoved == 0)
    }

    @Test("random content-only edits report what the reference reports and replay", arguments: [(scale: 1, pairs: 1_000), (scale: 6, pairs: 40)])
    func random(scale: Int, pairs: Int) throws {
        var random = RandomChanges(generator: SeededGenerator(seed: 0xC0_47E7), scale: scale)
        for _ in 0..<pairs {
            let source = random.sections()
            // Identifiers kept in place, contents changed at random.
            let target = source.map { old in
                section(random.recontented(old.model), old.elements.map { random.recontented($0) })
            }
            let stages = StagedChangeset(source: source, target: target)
            #expect(ChangeCounts(stages) == ReferenceDiff.counts(source: source, target: target), "\(source) → \(target)")
            #expect(stages.last?.data ?? source == target)
            var data = source
            for stage in stages {
                data = try stage.applied(to: data)
                #expect(data == stage.data)
            }
            // Exactly the elements whose content changed are updated, at their positions.
            let changed = source.indices.flatMap { s in
                source[s].elements.indices.filter { source[s].elements[$0] != target[s].elements[$0] }.map { path(s, $0) }
            }
            #expect(stages.flatMap(\.elementUpdated) == changed)
        }
    }
}

extension RandomChanges {
    /// `item` with the same identifier and, one time in four, another content.
    mutating func recontented(_ item: Item) -> Item {
        chance(0.25) ? Item(id: item.id, content: item.content + "'") : item
    }
}
