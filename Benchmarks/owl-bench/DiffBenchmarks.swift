import Foundation
import OwlDiff
import TestSupport

/// OwlDiff on DifferenceKit's published scenarios, with UUID-string identifiers, printed
/// next to DifferenceKit's published figures (DifferenceKit itself is not built here).
enum DiffBenchmarks {
    /// One scenario: its name, DifferenceKit's published range in ms, and how to measure it.
    struct Scenario {
        var name: String
        var published: ClosedRange<Double>
        var measure: () -> Measurement
    }

    /// The times of the runs and the moves the staged changeset reports.
    struct Measurement {
        var moves: Int
        var wall: [Double] = []
        var cpu: [Double] = []
    }

    static func run() {
        let scenarios = [
            Scenario(name: "(a) linear 5,000: −1,000 +1,000, 200 shuffled", published: 1.2...1.5) {
                linear(count: 5_000, deleted: 1_000, inserted: 1_000, shuffled: 200, runs: 21)
            },
            Scenario(name: "(b) linear 100,000: −10,000 +10,000, 2,000 shuffled", published: 34...54) {
                linear(count: 100_000, deleted: 10_000, inserted: 10_000, shuffled: 2_000, runs: 9)
            },
            Scenario(name: "(c) 100 sections × 1,000: each −100 +100, 20 shuffled; 2,000 across", published: 38...54) {
                sectioned(runs: 9)
            },
        ]
        var rows = [[
            "OwlDiff scenario", "runs", "wall", "best wall", "CPU", "DifferenceKit (published)", "wall ÷ mid", "CPU ÷ mid",
            "moves", "peak RSS", "+RSS",
        ]]
        for scenario in scenarios {
            let before = BenchMemory.resetPeak()
            let measurement = scenario.measure()
            let peak = BenchMemory.peak()
            let (wall, cpu) = (median(measurement.wall), median(measurement.cpu))
            let midpoint = (scenario.published.lowerBound + scenario.published.upperBound) / 2
            rows.append([
                scenario.name, "\(measurement.wall.count)", milliseconds(wall),
                milliseconds(measurement.wall.min() ?? 0), milliseconds(cpu),
                "\(number(scenario.published.lowerBound))–\(number(scenario.published.upperBound)) ms",
                String(format: "%.2f×", wall / midpoint), String(format: "%.2f×", cpu / midpoint), "\(measurement.moves)",
                megabytes(peak), "+" + megabytes(peak - before),
            ])
        }
        print("\nDiff engine: time to build the whole StagedChangeset (release; wall and CPU are medians,\n CPU is this thread's CPU time, best wall the fastest run)")
        printTable(rows)
        print("DifferenceKit figures are its published ones for this machine kind, not measured here;")
        print("÷ mid: OwlDiff's median over the middle of that range (below 1× is faster). On a busy machine wall time")
        print("includes waiting for a core; CPU time is what the engine itself spends (single-threaded).")
        print("peak RSS: process high-water mark during the scenario, inputs included; +RSS: growth over its start.\n")
    }

    /// The seed of every scenario's collections: each run, of each commit, diffs the same
    /// ones, so that their times and moves compare from run to run.
    static let seed: UInt64 = 0xD1FF

    /// `count` UUID strings; the target deletes, inserts and moves random ones.
    static func linear(count: Int, deleted: Int, inserted: Int, shuffled: Int, runs: Int) -> Measurement {
        var random = SeededGenerator(seed: seed)
        let source = uuids(count, using: &random)
        let target = edited(source, deleted: deleted, inserted: inserted, shuffled: shuffled, using: &random)
        return measure(runs: runs) { StagedChangeset(source: source, target: target) }
    }

    /// 100 sections of 1,000 UUID strings, each edited, then 2,000 elements moved across.
    static func sectioned(runs: Int) -> Measurement {
        var random = SeededGenerator(seed: seed)
        let source = uuids(100, using: &random).map { ArraySection(model: $0, elements: uuids(1_000, using: &random)) }
        var target = source.map {
            ArraySection(source: $0, elements: edited($0.elements, deleted: 100, inserted: 100, shuffled: 20, using: &random))
        }
        for _ in 0..<2_000 {
            let from = Int.random(in: target.indices, using: &random)
            var to = Int.random(in: target.indices, using: &random)
            while to == from { to = Int.random(in: target.indices, using: &random) }
            let element = target[from].elements.remove(at: Int.random(in: target[from].elements.indices, using: &random))
            target[to].elements.insert(element, at: Int.random(in: 0...target[to].elements.count, using: &random))
        }
        return measure(runs: runs) { StagedChangeset(source: source, target: target) }
    }

    /// `count` strings of a UUID's form (36 characters), their bits drawn from `random`.
    static func uuids(_ count: Int, using random: inout SeededGenerator) -> [String] {
        (0..<count).map { _ in
            let bits = (random.next(), random.next())
            return UUID(uuid: unsafeBitCast(bits, to: uuid_t.self)).uuidString
        }
    }

    /// `elements` with `deleted` random ones removed, `inserted` new ones put at random
    /// places, and `shuffled` random ones moved to random places.
    static func edited(_ elements: [String], deleted: Int, inserted: Int, shuffled: Int, using random: inout SeededGenerator) -> [String] {
        var result = elements
        for _ in 0..<deleted { result.remove(at: Int.random(in: result.indices, using: &random)) }
        for element in uuids(inserted, using: &random) { result.insert(element, at: Int.random(in: 0...result.count, using: &random)) }
        for _ in 0..<shuffled {
            let element = result.remove(at: Int.random(in: result.indices, using: &random))
            result.insert(element, at: Int.random(in: 0...result.count, using: &random))
        }
        return result
    }

    /// Runs `diff` once to warm up and count its moves, then times it `runs` times.
    static func measure<C>(runs: Int, _ diff: () -> StagedChangeset<C>) -> Measurement {
        let stages = diff()
        var measurement = Measurement(moves: stages.reduce(0) { $0 + $1.elementMoved.count + $1.sectionMoved.count })
        for _ in 0..<runs {
            let (wall, cpu) = (BenchClock.wall(), BenchClock.cpu())
            let result = diff()
            measurement.wall.append(BenchClock.wall() - wall)
            measurement.cpu.append(BenchClock.cpu() - cpu)
            precondition(result.count == stages.count, "the diff must be deterministic")
        }
        return measurement
    }

    /// The middle value of `values`, or the mean of the two in the middle when their count is even.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted(), middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    static func milliseconds(_ value: Double) -> String {
        String(format: value < 10 ? "%.2f ms" : "%.1f ms", value)
    }

    static func megabytes(_ kilobytes: Int) -> String {
        String(format: "%.1f MB", Double(kilobytes) / 1024)
    }
}

/// Prints `rows` as columns: the first left-aligned, the others right-aligned, with a
/// rule under the first row.
func printTable(_ rows: [[String]]) {
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

/// Milliseconds from the monotonic clock and from this thread's CPU clock.
enum BenchClock {
    static func wall() -> Double {
        read(CLOCK_MONOTONIC)
    }

    static func cpu() -> Double {
        read(CLOCK_THREAD_CPUTIME_ID)
    }

    static func read(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
    }
}

/// The process's resident memory in kB, from /proc/self (Linux).
enum BenchMemory {
    /// Resets the peak to the current size (`5` in clear_refs) and returns the current size.
    static func resetPeak() -> Int {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        return field("VmRSS")
    }

    /// The peak resident size since the last reset.
    static func peak() -> Int {
        field("VmHWM")
    }

    static func field(_ name: String) -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
