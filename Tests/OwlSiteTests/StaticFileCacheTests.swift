import Foundation
import Testing
import Owl
@testable import OwlSite
#if canImport(Glibc)
import Glibc
#endif

/// Copied files (`static/`, and those beside the Markdown) are read when they are written,
/// not held from the start of the build, and a rebuild does not read the unchanged ones.
@Suite struct StaticFileCacheTests {
    private func build(_ site: SiteFixture, incremental: Bool = true) throws -> BuildReport {
        try SiteBuilder(options: BuildOptions(source: site.root, quiet: true, incremental: incremental)).build()
    }

    private func modificationTime(_ url: URL) throws -> timespec {
        var status = stat()
        try #require(stat(url.path, &status) == 0)
        return status.st_mtim
    }

    /// Sets `url`'s modification time back to `time` (and its access time with it).
    private func setModificationTime(_ url: URL, _ time: timespec) throws {
        var times = [time, time]
        try #require(utimensat(AT_FDCWD, url.path, &times, 0) == 0)
    }

    /// A file whose size and modification time did not change is taken from the cache, not
    /// read: bytes put in its place by hand at the same size and time are not seen (as the
    /// Markdown cache trusts the same two). Any other change is.
    @Test func anUnchangedFileIsNotReadAgain() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let robots = site.root.appendingPathComponent("static/robots.txt")
        let original = try String(contentsOf: robots, encoding: .utf8)
        _ = try build(site)
        #expect(try site.page("robots.txt") == original)

        // The same size and time, other bytes: the cache's hash stands.
        let time = try modificationTime(robots)
        let same = String(original.map { $0 == "\n" ? "\n" : "x" })
        try Data(same.utf8).write(to: robots)
        try setModificationTime(robots, time)
        try site.write("content/posts/second.md", "---\ntitle: Second, edited\ndate: 2021-06-01\n---\n\nEdited.\n")
        _ = try build(site)
        #expect(try site.page("robots.txt") == original)

        // A new time: read, and written.
        try setModificationTime(robots, timespec(tv_sec: time.tv_sec + 10, tv_nsec: 0))
        _ = try build(site)
        #expect(try site.page("robots.txt") == same)
        // Grown by a byte at the old time: read too.
        try Data((same + "!").utf8).write(to: robots)
        try setModificationTime(robots, time)
        _ = try build(site)
        #expect(try site.page("robots.txt") == same + "!")
    }

    /// Copied files added, changed, moved and removed across builds: each output equals a
    /// build without cache of the same sources.
    @Test func copiedFilesThroughTheCacheEqualBuildsWithoutIt() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let clean = try SiteFixture(nil)
        defer { clean.remove() }
        let steps: [(SiteFixture) throws -> Void] = [
            { try $0.write("static/images/a.bin", String(repeating: "a", count: 70_000)) },
            { try $0.write("static/images/a.bin", String(repeating: "b", count: 70_000)) },
            { try $0.write("content/posts/photo.png", "not really a photo") },
            { try FileManager.default.moveItem(at: $0.root.appendingPathComponent("static/images/a.bin"),
                                               to: $0.root.appendingPathComponent("static/b.bin")) },
            { try FileManager.default.removeItem(at: $0.root.appendingPathComponent("content/posts/photo.png")) },
        ]
        _ = try build(site)
        for (number, step) in steps.enumerated() {
            try step(site)
            _ = try build(site)
            try? FileManager.default.removeItem(at: clean.root)
            try FileManager.default.copyItem(at: site.root, to: clean.root)
            try? FileManager.default.removeItem(at: clean.root.appendingPathComponent(".owl-cache"))
            try? FileManager.default.removeItem(at: clean.output)
            _ = try build(clean, incremental: false)
            #expect(FolderSnapshot(site.output, excluding: AtomicBuildTests.buildDependent)
                .differences(from: FolderSnapshot(clean.output, excluding: AtomicBuildTests.buildDependent)).isEmpty, "step \(number)")
        }
    }

    /// A copied file that changes after the build found its hash, before it is written, stops
    /// the build: the output is left as it was, not given bytes its record does not describe.
    @Test func aFileChangedBeforeItIsWrittenStopsTheBuild() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("owl-static-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("photo.jpg")
        try Data("first".utf8).write(to: source)
        let cache = StaticFileCache(cacheFolder: nil)
        let file = try cache.outputFile(at: source.path, displayName: "static/photo.jpg")
        #expect(file.size == 5 && file.hash == ContentHash("first").value)
        guard case .source(source.path) = file.content else { Issue.record("not read from its source: \(file.content)"); return }
        try Data("other".utf8).write(to: source)
        let root = open(folder.path, O_RDONLY | O_DIRECTORY)
        defer { close(root) }
        let writer = FileWriter(root: root, rootPath: folder.path, outputPath: folder.path, previousOutput: nil)
        #expect(throws: SiteError.self) { try writer.write(file, to: "copy.jpg") }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("copy.jpg").path))
    }
}
