import OwlDiff

/// How many changes of each kind a staged changeset holds.
struct ChangeCounts: Equatable, CustomStringConvertible {
    var sectionDeleted = 0, sectionInserted = 0, sectionUpdated = 0, sectionMoved = 0
    var elementDeleted = 0, elementInserted = 0, elementUpdated = 0, elementMoved = 0

    init() {}

    /// The totals over every stage.
    init<C>(_ stages: StagedChangeset<C>) {
        for stage in stages {
            sectionDeleted += stage.sectionDeleted.count
            sectionInserted += stage.sectionInserted.count
            sectionUpdated += stage.sectionUpdated.count
            sectionMoved += stage.sectionMoved.count
            elementDeleted += stage.elementDeleted.count
            elementInserted += stage.elementInserted.count
            elementUpdated += stage.elementUpdated.count
            elementMoved += stage.elementMoved.count
        }
    }

    var description: String {
        "sections -\(sectionDeleted) +\(sectionInserted) ~\(sectionUpdated) ↔\(sectionMoved), "
            + "elements -\(elementDeleted) +\(elementInserted) ~\(elementUpdated) ↔\(elementMoved)"
    }
}

/// A deliberately simple, quadratic model of what the diff must report: first-in-first-out
/// matching by linear search, and the fewest moves from a dynamic-programming longest
/// increasing subsequence.
enum ReferenceDiff {
    static func counts(source: [Section], target: [Section]) -> ChangeCounts {
        var counts = ChangeCounts()
        // Sections: each target takes the first unused source with its identifier.
        var sourceOfTarget = [Int?](repeating: nil, count: target.count)
        var sectionUsed = [Bool](repeating: false, count: source.count)
        for (t, section) in target.enumerated() {
            if let s = source.indices.first(where: { !sectionUsed[$0] && source[$0].model.id == section.model.id }) {
                sectionUsed[s] = true
                sourceOfTarget[t] = s
                if source[s].model != section.model { counts.sectionUpdated += 1 }
            }
        }
        counts.sectionDeleted = sectionUsed.filter { !$0 }.count
        counts.sectionInserted = sourceOfTarget.filter { $0 == nil }.count
        let keptSources = sourceOfTarget.compactMap { $0 }
        counts.sectionMoved = keptSources.count - longestIncreasingLength(keptSources)

        // Elements of matched sections, in order: (section, index).
        let sourceElements = source.indices.filter { sectionUsed[$0] }.flatMap { s in
            source[s].elements.indices.map { (section: s, index: $0) }
        }
        var elementUsed = [Bool](repeating: false, count: sourceElements.count)
        for (t, section) in target.enumerated() {
            guard let s = sourceOfTarget[t] else { continue }
            var stayingSources: [Int] = []
            for element in section.elements {
                let match = sourceElements.indices.first {
                    !elementUsed[$0] && source[sourceElements[$0].section].elements[sourceElements[$0].index].id == element.id
                }
                guard let match else {
                    counts.elementInserted += 1
                    continue
                }
                elementUsed[match] = true
                let (matchSection, matchIndex) = sourceElements[match]
                if source[matchSection].elements[matchIndex] != element { counts.elementUpdated += 1 }
                if matchSection == s { stayingSources.append(matchIndex) } else { counts.elementMoved += 1 }
            }
            counts.elementMoved += stayingSources.count - longestIncreasingLength(stayingSources)
        }
        counts.elementDeleted = elementUsed.filter { !$0 }.count
        return counts
    }

    /// The length of a longest strictly increasing subsequence, in O(n²).
    static func longestIncreasingLength(_ values: [Int]) -> Int {
        var lengths = [Int](repeating: 1, count: values.count)
        for i in values.indices {
            for j in 0..<i where values[j] < values[i] {
                lengths[i] = max(lengths[i], lengths[j] + 1)
            }
        }
        return lengths.max() ?? 0
    }
}
