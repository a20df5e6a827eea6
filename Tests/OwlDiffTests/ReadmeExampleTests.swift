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
            #expect("\(stage.elementMoved)" == "[(source: [0, 0], target: [1, 0])]")
            #expect(try stage.applied(to: source) == stage.data)
        }
    }
}
