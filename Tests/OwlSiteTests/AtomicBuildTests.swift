import Foundation
import Testing
@testable import OwlSite

/// Output is deterministic, incremental builds equal clean ones, and a killed build changes nothing.
@Suite struct AtomicBuildTests {
    /// The pages' state files (their `from`) and patches depend on earlier builds, not on the sources.
    static let buildDependent = ["_owl/pages", "_owl/patches"]

    @Test func twoCleanBuildsAreByteIdentical() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let other = site.root.appendingPathComponent("other")
        #expect(try site.build().status == 0)
        #expect(try site.build(["--output", other.path]).status == 0)
        let first = FolderSnapshot(site.output), second = FolderSnapshot(other)
        #expect(first.files.count > 20)
        #expect(first.differences(from: second).isEmpty)
    }

    @Test func anIncrementalBuildEqualsACleanOne() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        #expect(try site.build().status == 0)
        try site.write("content/posts/second.md", "---\ntitle: Second, edited\ndate: 2021-06-01\ntags: [d]\n---\n\nNew body.\n")
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("content/posts/third.md"))
        #expect(try site.build().status == 0)

        let clean = try SiteFixture()
        defer { clean.remove() }
        try clean.write("content/posts/second.md", "---\ntitle: Second, edited\ndate: 2021-06-01\ntags: [d]\n---\n\nNew body.\n")
        try FileManager.default.removeItem(at: clean.root.appendingPathComponent("content/posts/third.md"))
        try FileManager.default.removeItem(at: clean.root.appendingPathComponent(".owl-cache"), ifExists: true)
        #expect(try clean.build().status == 0)

        let incremental = FolderSnapshot(site.output, excluding: Self.buildDependent)
        #expect(incremental.differences(from: FolderSnapshot(clean.output, excluding: Self.buildDependent)).isEmpty)
        #expect(incremental.files["tags/d/index.html"] != nil && incremental.files["posts/third/index.html"] == nil, "no stale files")
    }

    /// A first build killed while writing leaves its staging folder, with files in it: the
    /// next build writes over them (a build into a folder of its own making creates each
    /// file anew) and its output equals a clean build's.
    @Test func aKilledFirstBuildsFilesAreWrittenOverByTheNext() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let clean = site.root.appendingPathComponent("clean")
        #expect(try site.build(["--output", clean.path]).status == 0)
        let leftover = site.root.appendingPathComponent(".public.owl-new-99999")
        try FileManager.default.copyItem(at: clean, to: leftover)
        try Data("stale".utf8).write(to: leftover.appendingPathComponent("posts/first/index.html"))
        try Data("stray".utf8).write(to: leftover.appendingPathComponent("stray.txt"))

        let build = try site.build()
        #expect(build.status == 0, "\(build.standardError)")
        #expect(FolderSnapshot(site.output, excluding: Self.buildDependent).differences(from: FolderSnapshot(clean, excluding: Self.buildDependent)).isEmpty)
        let beside = try site.foldersBesideOutput()
        #expect(beside.isEmpty)
    }

    @Test func reusingTheSpareOutputLeavesNoStaleFiles() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let thing = site.root.appendingPathComponent("static/thing")
        let page = site.root.appendingPathComponent("content/thing.md")
        for step in 0..<4 {
            // A file `thing`, then a folder `thing/` holding a page, and back, through the spare.
            try? FileManager.default.removeItem(at: step % 2 == 0 ? page : thing)
            try site.write(step % 2 == 0 ? "static/thing" : "content/thing.md", step % 2 == 0 ? "file \(step)" : "---\ntitle: Thing \(step)\n---\n")
            #expect(try site.build().status == 0)
            let clean = site.root.appendingPathComponent("clean-\(step)")
            #expect(try site.build(["--output", clean.path]).status == 0)
            let built = FolderSnapshot(site.output, excluding: Self.buildDependent)
            #expect(built.differences(from: FolderSnapshot(clean, excluding: Self.buildDependent)).isEmpty, "step \(step)")
            try FileManager.default.removeItem(at: clean)
        }
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent(".public.owl-spare").path))
    }

    /// What is put into the output by hand (or by `owl-site diff --write`), or taken out of
    /// it, does not come back when a later build writes into that folder as the spare.
    @Test func filesPutIntoTheOutputByHandDoNotComeBackThroughTheSpare() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        #expect(try site.build().status == 0)
        Thread.sleep(forTimeInterval: 0.02)  // past the clock tick the build finished in
        let manager = FileManager.default
        for (path, text) in [("hand.html", "hand"), ("extra/a.txt", "a"), ("posts/first/notes.txt", "n"), ("_owl/patches/00000000deadbeef.json", "{}")] {
            let file = site.output.appendingPathComponent(path)
            try manager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: false, encoding: .utf8)
        }
        try manager.removeItem(at: site.output.appendingPathComponent("about"))
        // Built in a copy of its own: a build of the same sources elsewhere would share the
        // cache, and could drop the record of the spare, which is then written whole.
        let clean = try SiteFixture()
        defer { clean.remove() }
        for step in 1...3 {
            let post = "---\ntitle: Second \(step)\ndate: 2021-06-01\n---\n\nStep \(step).\n"
            try site.write("content/posts/second.md", post)
            try clean.write("content/posts/second.md", post)
            #expect(try site.build().status == 0)
            #expect(try clean.build().status == 0)
            let built = FolderSnapshot(site.output, excluding: Self.buildDependent)
            #expect(built.differences(from: FolderSnapshot(clean.output, excluding: Self.buildDependent)).isEmpty, "step \(step)")
            #expect(!manager.fileExists(atPath: site.output.appendingPathComponent("_owl/patches/00000000deadbeef.json").path), "step \(step)")
        }
    }

    /// A build of unchanged sources has nothing to write, unless something was put into the
    /// output or taken out of it by hand: then it writes the build again.
    @Test func aBuildOfUnchangedSourcesUndoesWhatWasDoneToTheOutputByHand() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        #expect(try site.build().status == 0)
        let built = FolderSnapshot(site.output)
        #expect(try site.build().status == 0)
        #expect(FolderSnapshot(site.output) == built)
        Thread.sleep(forTimeInterval: 0.02)  // past the clock tick the build finished in
        try "hand".write(to: site.output.appendingPathComponent("posts/hand.html"), atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(at: site.output.appendingPathComponent("about"))
        #expect(try site.build().status == 0)
        #expect(FolderSnapshot(site.output) == built)
    }

    /// An output that is a symbolic link (`public -> /var/www/site`) stays one, and every
    /// build lands in the folder it names, not in a folder put in the link's place.
    @Test func aSymbolicLinkAsTheOutputKeepsPointingAtTheNewestBuild() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let target = site.root.appendingPathComponent("www")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: site.output, withDestinationURL: target)
        for step in 0..<3 {
            try site.write("content/posts/second.md", "---\ntitle: Second, edit \(step)\ndate: 2021-06-01\n---\n\nBody.\n")
            #expect(try site.build().status == 0)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: site.output.path) == target.path, "step \(step)")
            #expect(try site.page("posts/second/index.html").contains("Second, edit \(step)"), "step \(step)")
        }
    }

    @Test func theOutputNeverGoesMissingWhileBuildsSwapIn() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        #expect(try site.build().status == 0)
        let index = site.output.appendingPathComponent("index.html").path
        // Builds and the reader run on threads of their own: a loop on the test's thread
        // would hold one of the few threads that every other test's tasks share.
        let (looks, misses, failedBuilds) = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let finished = Flag()
                let failures = Counter()
                Thread.detachNewThread {
                    defer { finished.set() }
                    for number in 1...6 {
                        try? site.write("content/posts/counter.md", "---\ntitle: Build \(number)\ndate: 2020-01-01\n---\n")
                        if (try? site.build().status) != 0 { failures.increment() }
                    }
                }
                var looks = 0, misses = 0
                while !finished.isSet {
                    if FileManager.default.fileExists(atPath: index) { looks += 1 } else { misses += 1 }
                    sched_yield()
                }
                continuation.resume(returning: (looks, misses, failures.value))
            }
        }
        #expect(failedBuilds == 0)
        #expect(looks > 100)
        #expect(misses == 0, "a reader saw no output while a build swapped it in")
    }

    /// Builds into one output at once (`serve` rebuilding while `build` runs) take turns:
    /// each succeeds, and the output is what a clean build of the sources makes.
    @Test func buildsIntoOneOutputAtOnceTakeTurns() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        #expect(try site.build().status == 0)
        for round in 1...5 {
            try site.write("content/posts/second.md", "---\ntitle: Second, round \(round)\ndate: 2021-06-01\n---\n\nBody \(round).\n")
            let builds = try (0..<3).map { _ in try BackgroundBuild(site) }
            for build in builds {
                let (status, errors) = build.finish()
                #expect(status == 0, "round \(round): \(errors)")
            }
            let clean = site.root.appendingPathComponent("clean")
            #expect(try site.build(["--output", clean.path]).status == 0)
            let built = FolderSnapshot(site.output, excluding: Self.buildDependent)
            #expect(built.differences(from: FolderSnapshot(clean, excluding: Self.buildDependent)).isEmpty, "round \(round)")
            try FileManager.default.removeItem(at: clean)
            #expect(try site.foldersBesideOutput() == [".public.owl-spare"], "round \(round)")
        }
    }

    /// While another build holds the output's lock, a build waits, and then builds.
    @Test func aBuildWaitsForTheBuildHoldingTheOutput() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        #expect(try site.build().status == 0)
        let lock = open(site.root.appendingPathComponent(".public.owl-lock").path, O_RDWR | O_CLOEXEC)
        #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)
        try site.write("content/posts/second.md", "---\ntitle: Second, waited for\ndate: 2021-06-01\n---\n")
        let build = try BackgroundBuild(site)
        sleep(1)
        #expect(build.isRunning)
        #expect(try !site.page("posts/second/index.html").contains("waited for"))
        close(lock)
        #expect(build.finish().status == 0)
        #expect(try site.page("posts/second/index.html").contains("waited for"))
    }

    @Test func exchangeSwapsTwoFoldersInOneStep() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("owl-exchange-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let first = root.appendingPathComponent("first"), second = root.appendingPathComponent("second")
        for (folder, mark) in [(first, "1"), (second, "2")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(mark.utf8).write(to: folder.appendingPathComponent("mark"))
        }
        #expect(AtomicExchange.exchange(first.path, second.path))
        #expect(try String(contentsOf: first.appendingPathComponent("mark"), encoding: .utf8) == "2")
        #expect(try String(contentsOf: second.appendingPathComponent("mark"), encoding: .utf8) == "1")
        #expect(!AtomicExchange.exchange(first.path, root.appendingPathComponent("missing").path))
    }

    @Test func aKilledBuildLeavesThePreviousOutputComplete() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        for number in 0..<800 {
            try site.write("content/posts/bulk-\(number).md", "---\ntitle: Bulk \(number)\ndate: 2020-01-01\ntags: [bulk]\n---\n\n" + String(repeating: "Some *text* here.\n\n", count: 20))
        }
        let first = try site.build()
        #expect(first.status == 0, "\(first.standardError)")
        let before = FolderSnapshot(site.output)
        try site.write("content/posts/first.md", "---\ntitle: Changed\ndate: 2022-01-05\n---\n")

        for attempt in 0..<3 {
            let process = Process()
            process.executableURL = SiteFixture.binary
            process.arguments = ["build", "--source", site.root.path, "--quiet"]
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Wait until the build writes its staging folder (or for a while), then kill it.
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline, process.isRunning {
                let staging = (try? FileManager.default.contentsOfDirectory(atPath: site.root.path))?.contains { $0.hasPrefix(".public.owl-new-") } ?? false
                if staging { break }
                usleep(UInt32(200 + attempt * 300))
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(FolderSnapshot(site.output) == before)
        }

        #expect(try site.build().status == 0)
        #expect(try site.page("posts/first/index.html").contains("Changed"))
        let leftovers = try site.foldersBesideOutput().filter { $0 != ".public.owl-spare" }
        #expect(leftovers.isEmpty)
    }
}

/// `owl-site build --quiet` of a fixture site, running in a process of its own.
private struct BackgroundBuild {
    private let process = Process()
    private let errors: URL

    init(_ site: SiteFixture) throws {
        errors = site.root.deletingLastPathComponent().appendingPathComponent("owl-build-errors-\(UUID().uuidString)")
        try Data().write(to: errors)
        process.executableURL = SiteFixture.binary
        process.arguments = ["build", "--source", site.root.path, "--quiet"]
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
    }

    var isRunning: Bool { process.isRunning }

    /// Waits for the build to end: its exit status and what it printed.
    func finish() -> (status: Int32, errors: String) {
        process.waitUntilExit()
        defer { try? FileManager.default.removeItem(at: errors) }
        return (process.terminationStatus, (try? String(contentsOf: errors, encoding: .utf8)) ?? "")
    }
}

extension FileManager {
    func removeItem(at url: URL, ifExists: Bool) throws {
        if fileExists(atPath: url.path) { try removeItem(at: url) }
    }
}

/// A flag one thread sets and another reads.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false

    func set() { lock.withLock { flag = true } }
    var isSet: Bool { lock.withLock { flag } }
}

/// A count one thread raises and another reads.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
