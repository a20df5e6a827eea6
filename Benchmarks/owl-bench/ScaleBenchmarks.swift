import Foundation

/// `owl-bench scale` (`make bench-scale`): cold builds of 1,000, 10,000 and 100,000
/// generated posts, each round shown and the medians, with the file-system floor of each
/// size (``FileSystemFloor``) and Hugo 0.111 at the sizes it is measured at, so a reader
/// sees how wall time, CPU and memory grow; from 10,000 posts on, one-post body edits of the
/// last round's output (issue 31's rebuild targets); then the issues' targets beside the figures.
///
/// `OWL_SCALE_SIZES` (comma-separated post counts) and `OWL_SCALE_ROUNDS` (3) change the
/// run. The generated posts are kept under `.build/bench-content/` for the next run.
enum ScaleBenchmarks {
    static func run() {
        let environment = ProcessInfo.processInfo.environment
        let sizes = environment["OWL_SCALE_SIZES"].map { $0.split(separator: ",").compactMap { Int($0) } } ?? [1_000, 10_000, 100_000]
        let rounds = max(1, Int(environment["OWL_SCALE_ROUNDS"] ?? "") ?? 3)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("owl-bench-scale")
        BuildBenchmarks.delete(work)  // left by an interrupted run
        BuildBenchmarks.waitOutRecentDeletes()
        print("scale: cold builds (no .owl-cache) by the release owl-site, \(rounds) round\(rounds == 1 ? "" : "s") each, every build into a new folder; "
              + "floor: the same folders and files with the same bytes made by mkdirat/openat/write/close on two threads")
        print("load average at the start: \(loadAverage) (\(ProcessInfo.processInfo.activeProcessorCount) cores)")
        print(header)
        var medians: [Int: Measured] = [:]
        do {
            for size in sizes {
                medians[size] = try measure(size: size, rounds: rounds, in: work.appendingPathComponent("\(size)"))
            }
        } catch {
            print("scale benchmark failed: \(error)")
        }
        printTargets(medians)
        print("load average at the end: \(loadAverage) (above the core count, another process was taking a core: compare the rounds)")
        BuildBenchmarks.delete(work)
    }

    /// The last minute's load average (/proc/loadavg): a run beside another busy process
    /// shows it here.
    private static var loadAverage: String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init) ?? "unknown"
    }

    /// Hugo is measured up to this many posts: at 100,000 it takes minutes and gigabytes.
    static let hugoLimit = 10_000

    /// The generator's seed; the cached posts are keyed by it and by their count.
    static let seed = 1

    /// The medians of one size's rounds.
    struct Measured {
        var owl: BuildBenchmarks.Figures
        var floor: Double
        /// The median one-post body edit after the cold builds, for the sizes it is measured at.
        var bodyEdit: BuildBenchmarks.Figures?
    }

    /// One-post body edits are measured from this many posts up (issue 31's targets are at
    /// 10,000 and 100,000).
    static let editsFrom = 10_000

    /// The rounds of one size, each printed as it ends, then their medians; `work` holds the
    /// outputs until the benchmark ends.
    private static func measure(size: Int, rounds: Int, in work: URL) throws -> Measured {
        let site = try generatedSite(posts: size)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let hugoSite = work.appendingPathComponent("hugo-site")
        if size <= hugoLimit {
            try FileManager.default.copyItem(at: material.appendingPathComponent("hugo-site"), to: hugoSite)
        }
        var owlRuns: [BuildBenchmarks.Figures] = [], floorRuns: [Double] = [], hugoRuns: [BuildBenchmarks.Figures] = []
        var tree: BuildTree?
        for round in 1...rounds {
            let cache = site.appendingPathComponent(".owl-cache")
            try? FileManager.default.removeItem(at: cache)
            let output = work.appendingPathComponent("public-\(round)")
            // Each timed build starts with the previous one's writes on the disk (``BuildBenchmarks/settle()``).
            BuildBenchmarks.settle()
            let owl = try BuildBenchmarks.owlBuild(site: site, output: output)
            owlRuns.append(owl)
            // What the first build wrote, read once: the floor makes it again each round.
            if tree == nil { tree = try BuildTree(roots: [(output, "public"), (cache, ".owl-cache")]) }
            BuildBenchmarks.settle()
            let floor = try FileSystemFloor.make(tree!, in: work.appendingPathComponent("floor-\(round)").path)
            floorRuns.append(floor)
            print(row(size: size, label: "owl-site \(round)", owl, floor: floor))
            if size <= hugoLimit {
                BuildBenchmarks.settle()
                let hugo = try BuildBenchmarks.measure(["hugo", "-s", hugoSite.path, "--contentDir", site.appendingPathComponent("content").path,
                                                        "-d", work.appendingPathComponent("hugo-public-\(round)").path, "--quiet"])
                hugoRuns.append(hugo)
                print(row(size: size, label: "Hugo \(round)", hugo, floor: floor))
            }
        }
        let bodyEdit = size >= editsFrom ? try bodyEdits(site: site, output: work.appendingPathComponent("public-\(rounds)"), size: size) : nil
        try? FileManager.default.removeItem(at: site.appendingPathComponent(".owl-cache"))
        let written = tree!
        let measured = Measured(owl: median(owlRuns), floor: DiffBenchmarks.median(floorRuns), bodyEdit: bodyEdit)
        print(row(size: size, label: "owl-site median", measured.owl, floor: measured.floor))
        if !hugoRuns.isEmpty { print(row(size: size, label: "Hugo median", median(hugoRuns), floor: measured.floor)) }
        print(pad(grouped(size), 9) + String(format: " the build wrote %d folders and %d files, %.1f MB", written.folders.count,
                                             written.files.count, Double(written.byteCount) / 1e6))
        return measured
    }

    /// One-post body edits of the site the last round built into `output`, as
    /// `owl-bench edits` makes them at 10,000 posts: two first (the first makes the spare
    /// folder), then five, each build three seconds after its edit. Each line printed; the
    /// median of the five. The edited posts get their bytes back at the end: the generated
    /// site is kept for later runs.
    private static func bodyEdits(site: URL, output: URL, size: Int) throws -> BuildBenchmarks.Figures {
        let posts = EditBenchmarks.postsEditedFirst + EditBenchmarks.editedPosts
        let originals = try posts.map { try Data(contentsOf: EditBenchmarks.postFile($0, in: site)) }
        defer { for (number, bytes) in zip(posts, originals) { try? bytes.write(to: EditBenchmarks.postFile(number, in: site)) } }
        let builds = try posts.map { try EditBenchmarks.editAndBuild(.body, post: $0, site: site, output: output) }
        let timed = Array(builds.dropFirst(EditBenchmarks.postsEditedFirst.count)), median = BuildBenchmarks.median(timed)
        print(pad(grouped(size), 9) + " " + pad("body edit", -16) + " one post, 3 s after the edit: first two "
              + builds.prefix(EditBenchmarks.postsEditedFirst.count).map { String(format: "%.0f ms", $0.wall * 1000) }.joined(separator: ", ") + "; then "
              + timed.map { String(format: "%.0f", $0.wall * 1000) }.joined(separator: ", ") + " ms"
              + String(format: ", median %.0f ms, peak %.0f MiB", median.wall * 1000, median.peakMiB))
        return median
    }

    private static let header = [pad("posts", 9), pad("", -16), pad("wall", 8), pad("user", 8), pad("system", 8), pad("peak", 9),
                                 pad("per page", 10), pad("floor", 8), pad("vs floor", 9)].joined(separator: " ")

    /// One line of the table: `figures` of a build of `size` posts next to the floor.
    private static func row(size: Int, label: String, _ figures: BuildBenchmarks.Figures, floor: Double) -> String {
        pad(grouped(size), 9) + " " + pad(label, -16) + " "
            + String(format: "%6.2f s %6.2f s %6.2f s %5.0f MiB %7.1f µs %6.2f s %8.2f×", figures.wall, figures.user, figures.system,
                     figures.peakMiB, figures.wall / Double(size) * 1e6, floor, figures.wall / floor)
    }

    /// `text` padded with spaces to `width` characters, on the left (right-aligned), or on
    /// the right when `width` is negative.
    private static func pad(_ text: String, _ width: Int) -> String {
        let spaces = String(repeating: " ", count: max(0, abs(width) - text.count))
        return width < 0 ? text + spaces : spaces + text
    }

    /// Each figure's own median over `runs` (wall, user, system and peak need not come from one round).
    private static func median(_ runs: [BuildBenchmarks.Figures]) -> BuildBenchmarks.Figures {
        BuildBenchmarks.Figures(wall: DiffBenchmarks.median(runs.map(\.wall)), user: DiffBenchmarks.median(runs.map(\.user)),
                                system: DiffBenchmarks.median(runs.map(\.system)), peakMiB: DiffBenchmarks.median(runs.map(\.peakMiB)))
    }

    /// The issues' targets (37, and 31's body edits) beside the medians, for the sizes that were measured.
    private static func printTargets(_ medians: [Int: Measured]) {
        var lines: [String] = []
        func check(_ name: String, _ value: Double, _ limit: Double, _ unit: String) {
            lines.append("  \(name): " + String(format: "%.2f", value) + " \(unit) (target ≤ " + String(format: "%.2f", limit) + " \(unit)) "
                         + (value <= limit ? "met" : "NOT met"))
        }
        if let large = medians[100_000] {
            check("100,000 posts cold, wall", large.owl.wall, 10, "s")
            check("100,000 posts cold, peak memory", large.owl.peakMiB / 1024, 1, "GiB")
            check("100,000 posts cold, against the file-system floor", large.owl.wall / large.floor, 1.5, "×")
        }
        if let medium = medians[10_000] {
            check("10,000 posts cold, peak memory", medium.owl.peakMiB * 1_048_576 / 1e6, 120, "MB")
            if let edit = medium.bodyEdit { check("10,000 posts, one-post body edit (issue 31)", edit.wall * 1000, 100, "ms") }
        }
        if let edit = medians[100_000]?.bodyEdit {
            check("100,000 posts, one-post body edit (issue 31)", edit.wall * 1000, 500, "ms")
        }
        if let large = medians[100_000], let medium = medians[10_000] {
            // Linear: a page costs as much at 100,000 as at 10,000.
            check("linear: time per page at 100,000 ÷ at 10,000", (large.owl.wall / 100_000) / (medium.owl.wall / 10_000), 1.2, "×")
        }
        guard !lines.isEmpty else { return }
        print("targets (medians):")
        lines.forEach { print($0) }
    }

    private static let material = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Benchmarks/build")

    /// A site folder holding `posts` generated posts in `content/posts/`, made by
    /// `gen_content.py` once and kept in `.build/bench-content/` (git-ignored) for later runs.
    /// It is generated beside its place and moved there whole, so an interrupted run
    /// leaves no half-made site to be measured later.
    private static func generatedSite(posts: Int) throws -> URL {
        let cache = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/bench-content")
        let site = cache.appendingPathComponent("\(posts)-seed\(seed)")
        if FileManager.default.fileExists(atPath: site.appendingPathComponent("content/posts").path) { return site }
        let partial = cache.appendingPathComponent("\(posts)-seed\(seed).partial")
        try? FileManager.default.removeItem(at: partial)
        try FileManager.default.createDirectory(at: partial, withIntermediateDirectories: true)
        print("generating \(grouped(posts)) posts into \(site.path) (kept for later runs)")
        try BuildBenchmarks.shell("python3", material.appendingPathComponent("gen_content.py").path, partial.appendingPathComponent("content").path,
                                  "\(posts)", "--seed", "\(seed)")
        try FileManager.default.moveItem(at: partial, to: site)
        return site
    }

    /// `count` with thousands separated by commas: 100,000.
    private static func grouped(_ count: Int) -> String {
        let digits = String(count)
        return digits.enumerated().map { index, digit in
            index > 0 && (digits.count - index) % 3 == 0 ? ",\(digit)" : "\(digit)"
        }.joined()
    }
}
