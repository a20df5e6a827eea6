import OwlDiff
import Testing
import TestSupport

@Suite("Random diffs")
struct PropertyTests {
    @Test(
        "linear: every stage replays onto its data, moves are minimal, counts match",
        arguments: [(scale: 1, pairs: 3_000), (scale: 20, pairs: 100)]
    )
    func linear(scale: Int, pairs: Int) throws {
        var random = RandomChanges(generator: SeededGenerator(seed: 0x0DD1_FF5E), scale: scale)
        for _ in 0..<pairs {
            let source = random.items(count: 0...12 * random.scale)
            let target = random.edited(source)
            let stages = StagedChangeset(source: source, target: target)
            try checkReplay(stages, from: source, to: target)
            checkOrder(stages)
            #expect(stages.allSatisfy { $0.sectionChangeCount == 0 })
            let expected = ReferenceDiff.counts(source: [section("L", source)], target: [section("L", target)])
            #expect(ChangeCounts(stages) == expected, "\(source) → \(target)")
        }
    }

    @Test(
        "sectioned: every stage replays onto its data, moves are minimal, counts match",
        arguments: [(scale: 1, pairs: 3_000), (scale: 4, pairs: 100)]
    )
    func sectioned(scale: Int, pairs: Int) throws {
        var random = RandomChanges(generator: SeededGenerator(seed: 0x5EC7_1045), scale: scale)
        for _ in 0..<pairs {
            let source = random.sections()
            let target = random.edited(source)
            let stages = StagedChangeset(source: source, target: target)
            try checkReplay(stages, from: source, to: target)
            checkOrder(stages)
            #expect(ChangeCounts(stages) == ReferenceDiff.counts(source: source, target: target), "\(source) → \(target)")
        }
    }

    /// Replaying each stage on the previous one's data gives its data; the last is the target.
    func checkReplay<C: RangeReplaceableCollection & Equatable>(
        _ stages: StagedChangeset<C>, from source: C, to target: C,
        replay: (Changeset<C>, C) throws -> C
    ) throws {
        var previous = source
        for stage in stages {
            let replayed = try replay(stage, previous)
            #expect(replayed == stage.data, "replaying \(stage) on \(previous)")
            previous = stage.data
        }
        #expect(previous == target)
    }

    func checkReplay(_ stages: StagedChangeset<[Item]>, from source: [Item], to target: [Item]) throws {
        try checkReplay(stages, from: source, to: target) { try $0.applied(to: $1) }
    }

    func checkReplay(_ stages: StagedChangeset<[Section]>, from source: [Section], to target: [Section]) throws {
        try checkReplay(stages, from: source, to: target) { try $0.applied(to: $1) }
    }

    /// No stage is empty, each holds one group of changes, groups come in DifferenceKit's
    /// order, and every list is ascending (moves by target).
    func checkOrder<C>(_ stages: StagedChangeset<C>) {
        var lastGroup = 0
        for stage in stages {
            let groups = [
                (1, !stage.elementUpdated.isEmpty),
                (2, !stage.sectionDeleted.isEmpty || !stage.elementDeleted.isEmpty),
                (3, !stage.sectionInserted.isEmpty || !stage.sectionMoved.isEmpty),
                (4, !stage.elementInserted.isEmpty || !stage.elementMoved.isEmpty),
                (5, !stage.sectionUpdated.isEmpty),
            ].filter(\.1).map(\.0)
            #expect(groups.count == 1, "one group per stage: \(stage)")
            #expect((groups.first ?? 0) > lastGroup, "stage order")
            lastGroup = groups.first ?? lastGroup
            for list in [stage.sectionDeleted, stage.sectionInserted, stage.sectionUpdated, stage.sectionMoved.map(\.target)] {
                #expect(list == list.sorted() && Set(list).count == list.count)
            }
            for list in [stage.elementDeleted, stage.elementInserted, stage.elementUpdated, stage.elementMoved.map(\.target)] {
                #expect(list == list.sorted() && Set(list).count == list.count)
            }
        }
    }
}
