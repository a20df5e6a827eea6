import OwlDiff
import Testing

@Suite("README")
struct ReadmeExampleTests {
    @Test("the OwlDiff example prints what the README says")
    func example() throws {
        let source = [ArraySection(model: "s0", elements: ["a", "b", "c", "d"]),
                      ArraySection(model: "s1", elements: ["e"])]
        let target = [ArraySection(model: "s0", elements: ["b", "c", "d"]),
                      ArraySection(model: "s1", elements: ["a", "e"])]
        let stages = StagedChangeset(source: source, target: target)
        #expect(stages.count == 1)
        for stage in stages {
            #expect("\(stage.elementMoved)" == "[(source: [element: 0, section: 0], target: [element: 0, section: 1])]")
            #expect(try stage.applied(to: source) == stage.data)
        }
    }

    @Test("the corrected example of docs/library.md replays several stages")
    func libraryExample() throws {
        // docs/library.md, "Diffing with OwlDiff", verbatim.
        let source = [ArraySection(model: "s0", elements: ["a", "b", "c", "d"]),
                      ArraySection(model: "s1", elements: ["e"])]
        let target = [ArraySection(model: "s1", elements: ["e", "a"]),
                      ArraySection(model: "s2", elements: ["f"])]
        let stages = StagedChangeset(source: source, target: target)
        print(stages.count)                       // 3: deletes, section inserts and moves, element inserts and moves

        // Replay: each stage applies to the data the stage before it left.
        var data = source
        for stage in stages {
            data = try stage.applied(to: data)
            print(stage.changeCount, stage.hasChanges)
        }
        // Or all at once:
        let replayed = try stages.applied(to: source)
        // End of the example.

        #expect(stages.count == 3)
        #expect(data == target && replayed == target)
        // Replaying every stage on the source (the README's old example) does not give the target.
        #expect((try? stages.last!.applied(to: source)) != target)
    }
}
