import Foundation
import OwlDiff

/// OwlDiff on DifferenceKit's published scenarios, with UUID-string identifiers, printed
/// next to DifferenceKit's published figures (DifferenceKit itself is not built here).
enum DiffBenchmarks {
    /// One scenario: how to make a source and target, and DifferenceKit's published range.
    struct Scenario {
        var name: String
        var published: ClosedRange<Double>
        var runs: Int
        var measure: () -> (milliseconds: [Double], moves: Int)
    }

    static func run() {
        let scenarios = [
            Scenario(name: "(a) linear 5,000: −1,000 +1,000, 200 shuffled", published: 1.2...1.5, runs: 21) {
                linear(count: 5_000, deleted: 1_000, inserted: 1_000, shuffled: 200, runs: 21)
            },
            Scenario(name: "(b) linear 100,000: −10,000 +10,000, 2,000 shuffled", published: 34...54, runs: 9) {
                linear(count: 100_000, deleted: 10_000, inserted: 10_000, shuffled: 2_000, runs: 9)
            },
            Scenario(name: "(c) 100 sections × 1,000: each −100 +100, 20 shuffled; 2,000 across", published: 38...54, runs: 9) {
                sectioned(runs: 9)
            },
        ]
        var rows = [["OwlDiff scenario", "runs", "median", "DifferenceKit (published)", "vs midpoint", "moves", "peak RSS", "+RSS"]]
        for scenario in scenarios {
            let before = Memory.resetPeak()
            let (times, moves) = scenario.measure()
            let peak = Memory.peak()
            let median = times.sorted()[times.count / 2]
            let midpoint = (scenario.published.lowerBound + scenario.published.upperBound) / 2
            rows.append([
                scenario.name, "\(scenario.runs)", milliseconds(median),
                "\(format(scenario.published.lowerBound))–\(format(scenario.published.upperBound)) ms",
                String(format: "%.2f×", median / midpoint), "\(moves)",
                megabytes(peak), "+" + megabytes(peak - before),
            ])
        }
        print("\nDiff engine (release; time to build the whole StagedChangeset, median of the runs)")
        printTable(rows)
        print("DifferenceKit figures are its published ones for this machine kind, not measured here;")
        print("\"vs midpoint\" is OwlDiff's median over the midpoint of that range (below 1× is faster).")
        print("peak RSS: process high-water mark during the scenario (inputs included); +RSS: growth over its start.\n")
    }

    /// `count` UUID strings; the target deletes, inserts and moves random ones.
    static func linear(count: Int, deleted: Int, inserted: Int, shuffled: Int, runs: Int) -> ([Double], Int) {
        let source = uuids(count)
        let target = edited(source, deleted: deleted, inserted: inserted, shuffled: shuffled)
        return measure(runs: runs) { StagedChangeset(source: source, target: target) }
    }

    static func sectioned(runs: Int) -> ([Double], Int) {
        let source = uuids(100).map { ArraySection(model: $0, elements: uuids(1_000)) }
        var target = source.map {
            ArraySection(source: $0, elements: edited($0.elements, deleted: 100, inserted: 100, shuffled: 20))
        }
        for _ in 0..<2_000 {
            let from = Int.random(in: target.indices)
            var to = Int.random(in: target.indices)
            while to == from { to = Int.random(in: target.indices) }
            let element = target[from].elements.remove(at: Int.random(in: target[from].elements.indices))
            target[to].elements.insert(element, at: Int.random(in: 0...target[to].elements.count))
        }
        return measure(runs: runs) { StagedChangeset(source: source, target: target) }
    }

    static func uuids(_ count: Int) -> [String] {
        (0..<count).map { _ in UUID().uuidString }
    }

    /// `elements` with `deleted` random ones removed, `inserted` new ones put at random
    /// places, and `shuffled` random ones moved to random places.
    static func edited(_ elements: [String], deleted: Int, inserted: Int, shuffled: Int) -> [String] {
        var result = elements
        for _ in 0..<deleted { result.remove(at: Int.random(in: result.indices)) }
        for element in uuids(inserted) { result.insert(element, at: Int.random(in: 0...result.count)) }
        for _ in 0..<shuffled {
            let element = result.remove(at: Int.random(in: result.indices))
            result.insert(element, at: Int.random(in: 0...result.count))
        }
        return result
    }

    /// Times `diff` once to warm up and then `runs` times; also returns the moves it reports.
    static func measure<C>(runs: Int, _ diff: () -> StagedChangeset<C>) -> ([Double], Int) {
        let stages = diff()
        let moves = stages.reduce(0) { $0 + $1.elementMoved.count + $1.sectionMoved.count }
        let clock = ContinuousClock()
        var times: [Double] = []
        for _ in 0..<runs {
            let start = clock.now
            let result = diff()
            let elapsed = start.duration(to: clock.now)
            precondition(result.count == stages.count)
            times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
        }
        return (times, moves)
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    static func milliseconds(_ value: Double) -> String {
        String(format: value < 10 ? "%.2f ms" : "%.1f ms", value)
    }

    static func megabytes(_ kilobytes: Int) -> String {
        String(format: "%.1f MB", Double(kilobytes) / 1024)
    }

    static func printTable(_ rows: [[String]]) {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        for (index, row) in rows.enumerated() {
            let cells = row.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - row[column].count)
                return column == 0 ? row[column] + padding : padding + row[column]
            }
            print(cells.joined(separator: "  "))
            if index == 0 { print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
    }
}

/// The process's resident memory, from /proc/self (Linux).
enum Memory {
    /// Resets the peak to the current size (`5` in clear_refs) and returns the current size in kB.
    static func resetPeak() -> Int {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        return field("VmRSS")
    }

    /// The peak resident size since the last reset, in kB.
    static func peak() -> Int {
        field("VmHWM")
    }

    static func field(_ name: String) -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
