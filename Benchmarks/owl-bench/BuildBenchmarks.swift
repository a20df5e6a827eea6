import Foundation

/// `owl-bench build`: 10,000 generated posts built by owl-site, Hugo 0.111 and the raw
/// `cmark-gfm` command, each in its own process, measured alike (`measure`), side by side; then a
/// one-file incremental rebuild. owl-site is the release binary beside this one.
enum BuildBenchmarks {
    static func run() {
        let count = Int(ProcessInfo.processInfo.environment["OWL_BENCH_POSTS"] ?? "") ?? 10_000
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let material = root.appendingPathComponent("Benchmarks/build")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("owl-bench-build")
        delete(work)  // left by an interrupted run
        waitOutRecentDeletes()
        let site = work.appendingPathComponent("site"), hugo = work.appendingPathComponent("hugo")
        do {
            try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
            try shell("python3", material.appendingPathComponent("gen_content.py").path, site.appendingPathComponent("content").path, "\(count)")
            try FileManager.default.copyItem(at: material.appendingPathComponent("hugo-site"), to: hugo)
            try FileManager.default.createDirectory(at: hugo.appendingPathComponent("content"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: site.appendingPathComponent("content/posts"), to: hugo.appendingPathComponent("content/posts"))
            let all = work.appendingPathComponent("all.md")
            try concatenate(folder: site.appendingPathComponent("content/posts"), into: all)

            // The cold builds of owl-site and Hugo and the file-system floor alternate, each
            // into a new folder (none is deleted while the benchmark runs), and the median of
            // each is reported: the machine's speed drifts, and this file system is slower to
            // create files shortly after many were deleted, so none should always run first.
            // The floor makes what the first cold build wrote (its output and cache).
            var owlRuns: [Figures] = [], hugoRuns: [Figures] = [], floorRuns: [Double] = []
            var tree: BuildTree?
            for round in 1...coldRounds {
                try? FileManager.default.removeItem(at: site.appendingPathComponent(".owl-cache"))
                let output = site.appendingPathComponent("public-\(round)")
                settle()
                owlRuns.append(try owlBuild(site: site, output: output))
                if tree == nil { tree = try BuildTree(roots: [(output, "public"), (site.appendingPathComponent(".owl-cache"), ".owl-cache")]) }
                settle()
                floorRuns.append(try FileSystemFloor.make(tree!, in: work.appendingPathComponent("floor-\(round)").path))
                settle()
                hugoRuns.append(try measure(["hugo", "-s", hugo.path, "-d", work.appendingPathComponent("hugo-public-\(round)").path, "--quiet"]))
            }
            let owl = median(owlRuns), hugoRun = median(hugoRuns), floor = DiffBenchmarks.median(floorRuns)
            let cmark = try measure(["cmark-gfm", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter", "-e", "tasklist", all.path],
                                    output: work.appendingPathComponent("all.html"))
            // The incremental builds update the last cold build's output.
            let output = site.appendingPathComponent("public-\(coldRounds)")
            let rebuild = { try owlBuild(site: site, output: output) }
            let warm = try rebuild()

            // The first edit after a cold build makes the spare output folder (the pages it
            // keeps linked to the output's); from the next one on, the spare is updated in place.
            func editOnePost(_ number: Int) throws -> Figures {
                let post = site.appendingPathComponent(String(format: "content/posts/post-%05d.md", number))
                var text = try String(contentsOf: post, encoding: .utf8)
                text += "\nOne more line, for the incremental build.\n"
                try text.write(to: post, atomically: true, encoding: .utf8)
                return try rebuild()
            }
            let firstEdit = try editOnePost(42)
            let incremental = median(try [43, 44, 45, 46, 47].map(editOnePost))

            let rows = [
                ["site build, \(count) posts (cold: median of \(coldRounds))", "wall", "CPU", "peak memory", "wall vs Hugo", "memory vs Hugo"],
                row("owl-site (cold, no cache)", owl, hugoRun),
                row("owl-site (unchanged, cache)", warm, hugoRun),
                row("owl-site (one post changed, 1st)", firstEdit, hugoRun),
                row("owl-site (one post changed, median of 5 more)", incremental, hugoRun),
                row("Hugo 0.111", hugoRun, hugoRun),
                row("cmark-gfm on the Markdown", cmark, hugoRun),
            ]
            printTable(rows)
            // Each round's pair, in order: this machine's speed drifts by more than a tenth.
            let rounds = zip(owlRuns, hugoRuns).map { owl, hugo in String(format: "%.2f s / %.2f s = %.3f×", owl.wall, hugo.wall, owl.wall / hugo.wall) }
            print("cold rounds, owl-site / Hugo wall: " + rounds.joined(separator: ", "))
            print(String(format: "targets: cold ≤ 0.15× Hugo wall (%.2f×), ≤ 0.25× Hugo memory (%.2f×), one-file rebuild < 100 ms (%.0f ms)",
                         owl.wall / hugoRun.wall, owl.peakMiB / hugoRun.peakMiB, incremental.wall * 1000))

            // The same files made with bare system calls: what no build can do faster.
            let written = tree!
            print(String(format: "file-system floor (what the cold build wrote: %d folders, %d files, %.1f MB, made again by mkdirat/openat/write/close on two threads): "
                         + "rounds %@ s, median %.3f s; owl-site cold %.3f s = %.2f× the floor (target ≤ 1.5×)",
                         written.folders.count, written.files.count, Double(written.byteCount) / 1e6,
                         floorRuns.map { String(format: "%.3f", $0) }.joined(separator: ", "), floor, owl.wall, owl.wall / floor))
            let rebuildFloor = try RebuildFloor.measure(site: site, output: work.appendingPathComponent("floor-1/public"))
            print(String(format: "file system alone, what a one-post rebuild cannot skip (the status of each source, and of each folder and file of the output: "
                         + "%d in all, on two threads): %.0f ms; owl-site's one-post rebuild %.0f ms = %.2f× it, against the 100 ms target",
                         rebuildFloor.statuses, rebuildFloor.seconds * 1000, incremental.wall * 1000, incremental.wall / rebuildFloor.seconds))
        } catch {
            print("build benchmark failed: \(error)")
        }
        delete(work)
    }

    /// A file whose time says when the benchmark last deleted its files. ext4 without a
    /// journal (as on this machine) does not reuse an inode freed in the last minute (six
    /// while its block is unwritten), so creating files right after many were deleted
    /// searches past them, several times slower; a build creates far more files than Hugo.
    private static let deletedStamp = FileManager.default.temporaryDirectory.appendingPathComponent("owl-bench-build.deleted")

    /// Deletes `folder`, if there is one, and notes when.
    static func delete(_ folder: URL) {
        guard FileManager.default.fileExists(atPath: folder.path) else { return }
        // rm, not FileManager: millions of files (bench-scale) go in a minute, not ten.
        try? shell("rm", "-rf", folder.path)
        // Written out, so that the freed inodes wait one minute, not six.
        settle()
        try? Data().write(to: deletedStamp)
    }

    /// Writes what the system holds for the disk (`sync`) before a timed build, so that no
    /// round pays for writing back what the one before left in memory (a gigabyte at 100,000
    /// posts): it makes rounds alike, not faster (docs/performance.md).
    static func settle() {
        sync()
    }

    /// Waits until the benchmark's files were deleted over a minute ago.
    static func waitOutRecentDeletes() {
        guard let deleted = (try? FileManager.default.attributesOfItem(atPath: deletedStamp.path))?[.modificationDate] as? Date else { return }
        let wait = 65 + deleted.timeIntervalSinceNow
        guard wait > 0 else { return }
        print(String(format: "waiting %.0f s: files the last run deleted slow file creation for a minute", wait))
        Thread.sleep(forTimeInterval: wait)
    }

    /// One process's figures, as `measure` takes them.
    struct Figures {
        /// Wall time, in seconds.
        var wall: Double
        /// User and system CPU time, in seconds.
        var user: Double, system: Double
        /// Peak resident memory, in MiB.
        var peakMiB: Double
        /// User and system CPU time together.
        var cpu: Double { user + system }
    }

    private static func row(_ name: String, _ figures: Figures, _ hugo: Figures) -> [String] {
        [name, String(format: "%.3f s", figures.wall), String(format: "%.3f s", figures.cpu), String(format: "%.0f MiB", figures.peakMiB),
         String(format: "%.3f×", figures.wall / hugo.wall), String(format: "%.3f×", figures.peakMiB / hugo.peakMiB)]
    }

    /// Cold builds of each tool, alternating: five, as one round here can be a fifth slower
    /// or faster than the next (for either tool), and the median of three moved with one.
    private static let coldRounds = 5

    /// `owl-site build` of `site` into `output` (cold when `.owl-cache` is absent).
    static func owlBuild(site: URL, output: URL) throws -> Figures {
        let owlSite = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("owl-site")
        guard FileManager.default.isExecutableFile(atPath: owlSite.path) else {
            throw BenchError("no \(owlSite.path): build it first (swift build -c release --product owl-site)")
        }
        return try measure([owlSite.path, "build", "--source", site.path, "--output", output.path, "--quiet"])
    }

    /// The run with the median wall time.
    static func median(_ runs: [Figures]) -> Figures {
        runs.sorted { $0.wall < $1.wall }[runs.count / 2]
    }

    /// Runs `command` (looked up on `PATH`) under `/usr/bin/time`, which gives its user and
    /// system time and its peak memory, and times it on the monotonic clock from the spawn
    /// to the exit. `output` receives the command's standard output.
    ///
    /// Why both: `/usr/bin/time` prints wall time in whole hundredths, cut rather than
    /// rounded (a 99 ms build read as 90 ms), too coarse for a 100 ms target; the wall time
    /// here includes `/usr/bin/time`'s own start, some 1.5 ms, and so errs the other way.
    /// The peak cannot come from spawning the command straight from here: a process spawned
    /// (as `posix_spawn` does, sharing this process's memory until it runs the command) or
    /// forked from this one starts its peak at this process's resident memory, which the
    /// kernel carries through `exec`; runs of `owl-bench scale` so reported 1016 MiB, this
    /// process's own, for a cold build that peaked at 617 MiB. `/usr/bin/time` forks the
    /// command from its own small process.
    static func measure(_ command: [String], output: URL? = nil) throws -> Figures {
        let timing = FileManager.default.temporaryDirectory.appendingPathComponent("owl-bench-time-\(getpid()).txt")
        defer { try? FileManager.default.removeItem(at: timing) }
        let timed = ["/usr/bin/time", "-f", "%U %S %M", "-o", timing.path] + command
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let output {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        let arguments = timed.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var started = timespec(), ended = timespec()
        clock_gettime(CLOCK_MONOTONIC, &started)
        var child: pid_t = 0
        let spawned = posix_spawn(&child, timed[0], &actions, nil, arguments, environ)
        guard spawned == 0 else { throw BenchError("cannot start \(timed[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            guard errno == EINTR else { throw BenchError("waitpid for \(command[0]) failed: \(String(cString: strerror(errno)))") }
        }
        clock_gettime(CLOCK_MONOTONIC, &ended)
        // Exited normally (the low 7 bits are 0, no signal) with status 0: `/usr/bin/time`
        // exits with the command's status.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw BenchError("\(command.joined(separator: " ")) ended with status \(status)")
        }
        let fields = try String(contentsOf: timing, encoding: .utf8).split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard fields.count >= 3 else { throw BenchError("no timing for \(command[0])") }
        let wall = Double(ended.tv_sec - started.tv_sec) + Double(ended.tv_nsec - started.tv_nsec) / 1e9
        return Figures(wall: wall, user: fields[0], system: fields[1], peakMiB: fields[2] / 1024)
    }

    static func shell(_ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError("\(arguments.joined(separator: " ")) failed") }
    }

    private static func concatenate(folder: URL, into file: URL) throws {
        var all = Data()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            all.append(try Data(contentsOf: folder.appendingPathComponent(name)))
            all.append(Data("\n".utf8))
        }
        try all.write(to: file)
    }

    struct BenchError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
