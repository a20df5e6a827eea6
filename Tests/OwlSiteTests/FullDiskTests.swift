import Foundation
import Testing
@testable import OwlSite

/// A build that runs out of disk space fails with an error naming the output, leaves the
/// previous output as it was, and deletes what it half-wrote, so that the disk is not left
/// full (issue 30, item 7). The output is put on a small tmpfs of its own, which needs root
/// (as the tests run here and in CI); without it the suite is skipped.
@Suite(.enabled(if: SmallDisk.canMount, "mounting a tmpfs needs root"), .serialized)
struct FullDiskTests {
    /// What the file system may account differently from one moment to the next (a folder's
    /// size, a few pages of metadata): far less than the smallest page of the site.
    static let margin: Int64 = 64 << 10

    /// The disk is filled by the second or third build: with one build before, the failing
    /// one writes into a folder of its own; with two, into the spare (the output the second
    /// build swapped out), which it updates in place from the build records.
    @Test(arguments: [1, 2]) func aBuildThatFillsTheDiskLeavesThePreviousOutputAndFreesWhatItWrote(goodBuilds: Int) throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let disk = try SmallDisk(megabytes: 4)
        defer { disk.unmount() }
        let output = disk.root.appendingPathComponent("public")
        for build in 0..<goodBuilds {
            try site.write("content/posts/edited.md", "---\ntitle: Edited \(build)\ndate: 2022-02-0\(build + 1)\n---\n\nBuild \(build).\n")
            try Self.build(site, into: output)
        }
        let besideGood = try disk.entries()
        #expect(besideGood == (goodBuilds == 1 ? [".public.owl-lock", "public"] : [".public.owl-lock", ".public.owl-spare", "public"]))
        let good = FolderSnapshot(output)
        let freeAfterGoodBuild = try disk.freeBytes()

        // A page larger than the space left.
        try Self.writeHugePost(site, bytes: freeAfterGoodBuild + (1 << 20))
        let error = #expect(throws: SiteError.self) { try Self.build(site, into: output) }
        #expect(error?.description.contains(output.path) == true, "the error names the output: \(String(describing: error))")
        #expect(error?.description.contains("No space left on device") == true, "\(String(describing: error))")

        #expect(FolderSnapshot(output).differences(from: good).isEmpty, "the previous output is intact")
        // The failed build wrote into the spare or a folder of its own, and deleted it: what
        // is left is the output, which alone holds less than output and spare did.
        let beside = try disk.entries()
        #expect(beside == [".public.owl-lock", "public"])
        let freeAfterFailure = try disk.freeBytes()
        #expect(freeAfterFailure >= freeAfterGoodBuild - Self.margin, "free: \(freeAfterFailure) after the failure, \(freeAfterGoodBuild) before")

        // With the page gone the site fits again, and the build is the one a clean build makes.
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("content/posts/huge.md"))
        try Self.build(site, into: output)
        let clean = site.root.appendingPathComponent("clean")
        _ = try SiteBuilder(options: BuildOptions(source: site.root, output: clean, quiet: true, incremental: false)).build()
        #expect(FolderSnapshot(output, excluding: AtomicBuildTests.buildDependent)
            .differences(from: FolderSnapshot(clean, excluding: AtomicBuildTests.buildDependent)).isEmpty)
    }

    /// A first build that fills the disk leaves no output and nothing beside it but the
    /// lock file (which holds no bytes); the disk is as free as before.
    @Test func aFirstBuildThatFillsTheDiskLeavesNothingHalfWritten() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let disk = try SmallDisk(megabytes: 4)
        defer { disk.unmount() }
        let output = disk.root.appendingPathComponent("public")
        let freeBefore = try disk.freeBytes()
        try Self.writeHugePost(site, bytes: freeBefore + (1 << 20))

        let error = #expect(throws: SiteError.self) { try Self.build(site, into: output) }
        #expect(error?.description.contains(output.path) == true, "the error names the output: \(String(describing: error))")
        let left = try disk.entries()
        #expect(left == [".public.owl-lock"])
        let freeAfterFailure = try disk.freeBytes()
        #expect(freeAfterFailure >= freeBefore - Self.margin, "free: \(freeAfterFailure) after the failure, \(freeBefore) before")

        try FileManager.default.removeItem(at: site.root.appendingPathComponent("content/posts/huge.md"))
        try Self.build(site, into: output)
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("posts/first/index.html").path))
    }

    private static func build(_ site: SiteFixture, into output: URL) throws {
        _ = try SiteBuilder(options: BuildOptions(source: site.root, output: output, quiet: true)).build()
    }

    /// A post of some `bytes` of text, in short paragraphs (its summary stays short), with no
    /// tags: its page alone is larger than `bytes`.
    private static func writeHugePost(_ site: SiteFixture, bytes: Int64) throws {
        let paragraph = "Words that fill the disk, one paragraph after another, until there is no room left.\n\n"
        let body = String(repeating: paragraph, count: Int(bytes) / paragraph.utf8.count + 1)
        try site.write("content/posts/huge.md", "---\ntitle: Huge\ndate: 2022-03-01\nsummary: A huge post.\n---\n\n" + body)
    }
}

/// A tmpfs of a few megabytes mounted on a fresh temporary folder, for filling up.
struct SmallDisk {
    /// Where it is mounted.
    let root: URL

    /// Mounts a tmpfs of `megabytes` on a new temporary folder.
    init(megabytes: Int) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("owl-site-disk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let mount = try Self.run("mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m,mode=0755", "tmpfs", root.path])
        guard mount.status == 0 else {
            try? FileManager.default.removeItem(at: root)
            throw MountFailure(message: mount.standardError)
        }
    }

    /// Whether this process may mount a tmpfs (it runs as root): tried once, on a tiny one.
    static let canMount: Bool = {
        guard let disk = try? SmallDisk(megabytes: 1) else { return false }
        disk.unmount(recordingFailure: false)
        return true
    }()

    /// The bytes free on it.
    func freeBytes() throws -> Int64 {
        let attributes = try FileManager.default.attributesOfFileSystem(forPath: root.path)
        return (attributes[.systemFreeSize] as? NSNumber)?.int64Value ?? 0
    }

    /// The names in its top folder, sorted.
    func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
    }

    /// Why mounting failed, in `mount`'s words.
    struct MountFailure: Error {
        let message: String
    }

    /// Unmounts it and deletes its folder. Unmounting fails while a file on it is still
    /// open, which a build must not leave: then the test fails, and it is detached lazily.
    /// A build hands its report over before its thread has let go of everything (its
    /// cache files mapped, its folders open), so a file still open is waited for a while.
    func unmount(recordingFailure: Bool = true) {
        var result = try? Self.run("umount", [root.path])
        for _ in 0..<20 where result?.status != 0 {
            usleep(100_000)
            result = try? Self.run("umount", [root.path])
        }
        if result?.status != 0 {
            if recordingFailure { Issue.record("cannot unmount \(root.path) (a file on it still open?): \(result?.standardError ?? "")") }
            _ = try? Self.run("umount", ["-l", root.path])
        }
        try? FileManager.default.removeItem(at: root)
    }

    /// Runs the system's `command` (`mount`, `umount`).
    private static func run(_ command: String, _ arguments: [String]) throws -> ProcessResult {
        let executable = ["/usr/bin/", "/bin/", "/usr/sbin/", "/sbin/"].map { URL(fileURLWithPath: $0 + command) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? URL(fileURLWithPath: "/usr/bin/" + command)
        return try ProcessResult.run(executable, arguments, in: FileManager.default.temporaryDirectory)
    }
}
