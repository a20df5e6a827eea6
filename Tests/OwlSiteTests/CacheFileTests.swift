import Foundation
import Testing
@testable import OwlSite
import TestSupport
import Owl

/// Cache files are replaced whole, and a failed write leaves the old file as it was; a file
/// whose checksum does not match is not read.
@Suite struct CacheFileTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("owl-cache-file-tests-\(UUID().uuidString)")

    @Test func replacesTheFileWholeAndLeavesNoTemporaryFile() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("0.bin")
        #expect(CacheFile.write(Array(repeating: 7, count: 100_000), to: file))
        #expect(CacheFile.write([1, 2, 3], to: file))
        #expect(CacheFile.read(file.path).map(Array.init) == [1, 2, 3])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["0.bin"])
    }

    /// Pieces are written one after the other, however they fall on the writes' buffer.
    @Test func piecesAreWrittenInTheirOrder() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("0.bin")
        var random = SeededGenerator(seed: 7)
        let pieces = [0, 5, 700_000, 1, 0, 1 << 20, 400_000, 3 << 20, 12, 100, 70_000, 65_535, 65_536, 9].map { count in
            SharedBytes((0..<count).map { _ in UInt8.random(in: 0...255, using: &random) })
        }
        #expect(CacheFile.write(pieces, to: file))
        #expect(CacheFile.read(file.path).map(Array.init) == pieces.reduce(into: [UInt8]()) { $0.append(bytes: $1) })
        #expect(CacheFile.write([SharedBytes]([]), to: file))
        #expect(CacheFile.read(file.path)?.isEmpty == true)
        // Arrays and slices of shared bytes (a slice starts inside its storage) mixed, as a record made by updating another writes them.
        let whole = SharedBytes((0..<(2 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let mixed: [any ContiguousBytes] = [[UInt8](repeating: 1, count: 300), whole[5..<(whole.count - 9)], [UInt8](repeating: 2, count: 40), whole[3..<11]]
        #expect(CacheFile.write(mixed, to: file))
        #expect(CacheFile.read(file.path).map(Array.init) == [UInt8](repeating: 1, count: 300) + Array(whole[5..<(whole.count - 9)]) + [UInt8](repeating: 2, count: 40) + Array(whole[3..<11]))
    }

    /// Any flipped byte, a file cut short or grown, another kind of file where the cache file
    /// goes: the file is not read.
    @Test func aFileThatDoesNotMatchItsChecksumIsNotRead() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("0.bin")
        let bytes: [UInt8] = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        #expect(CacheFile.write(bytes, to: file))
        let written = try [UInt8](Data(contentsOf: file))
        #expect(written.count == bytes.count + CacheFile.checksumSize)
        for index in written.indices {
            var damaged = written
            damaged[index] ^= 1 << UInt8(index % 8)
            try Data(damaged).write(to: file)
            #expect(CacheFile.read(file.path) == nil, "byte \(index) flipped")
        }
        for damaged in [Array(written.dropLast()), written + [0], [], Array(written.prefix(7))] {
            try Data(damaged).write(to: file)
            #expect(CacheFile.read(file.path) == nil)
        }
        try FileManager.default.removeItem(at: file)
        #expect(mkfifo(file.path, 0o644) == 0)
        #expect(CacheFile.read(file.path) == nil, "a FIFO is refused at once, not waited on")
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        #expect(CacheFile.read(file.path) == nil)
    }

    @Test func aWriteThatFailsLeavesTheOldFile() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("0.bin")
        #expect(CacheFile.write([1, 2, 3], to: file))
        // A folder where the temporary file would go: the write fails before the file is touched.
        let temporary = URL(fileURLWithPath: file.path + ".tmp-\(getpid())")
        try FileManager.default.createDirectory(at: temporary.appendingPathComponent("inside"), withIntermediateDirectories: true)
        #expect(!CacheFile.write([4, 5, 6], to: file))
        #expect(CacheFile.read(file.path).map(Array.init) == [1, 2, 3])
        try FileManager.default.removeItem(at: temporary)
        // A folder where the file should be: the rename fails, and the folder stays as it was.
        let blocked = folder.appendingPathComponent("1.bin")
        try FileManager.default.createDirectory(at: blocked.appendingPathComponent("inside"), withIntermediateDirectories: true)
        #expect(!CacheFile.write([4, 5, 6], to: blocked))
        #expect(FileManager.default.fileExists(atPath: blocked.appendingPathComponent("inside").path))
        #expect(!CacheFile.write([4], to: folder.appendingPathComponent("missing/0.bin")))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["0.bin", "1.bin"])
    }

    /// The cache keeps itself out of git, and keeps a `.gitignore` someone put there.
    @Test func gitLeavesTheCacheOut() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        try site.write("content/a.md", "---\ntitle: A\n---\nA")
        #expect(try site.build().status == 0)
        let git = try ProcessResult.run(URL(fileURLWithPath: "/usr/bin/env"), ["sh", "-c", "git init -q . && git status --porcelain --untracked-files=all"], in: site.root)
        #expect(git.status == 0, "\(git.standardError)")
        #expect(git.standardOutput.contains("content/a.md") && !git.standardOutput.contains(".owl-cache"), "\(git.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent(".gitignore").path), "nothing is written into the site's folder")
        let ignore = site.root.appendingPathComponent(".owl-cache/.gitignore")
        try Data("mine\n".utf8).write(to: ignore)
        try site.write("content/a.md", "---\ntitle: A again\n---\nA")
        #expect(try site.build().status == 0)
        #expect(try String(contentsOf: ignore, encoding: .utf8) == "mine\n")
    }

    /// The `.gitignore` earlier versions wrote into the site's folder by mistake (the cache's,
    /// with its checksum after it), which hid the whole site from git, is deleted; one of the
    /// site's own stays.
    @Test func theGitignoreEarlierVersionsLeftInTheSiteIsDeleted() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        try site.write("content/a.md", "---\ntitle: A\ntags: [x]\n---\nA")
        let text = Array("# owl-site's cache, made again by any build: not for version control.\n*\n".utf8)
        var hasher = ContentHasher()
        hasher.update(with: text)
        let checksum = (0..<8).map { UInt8(truncatingIfNeeded: hasher.hash.value >> UInt64(8 * $0)) }
        let ignore = site.root.appendingPathComponent(".gitignore")
        try Data(text + checksum).write(to: ignore)
        #expect(try site.build().status == 0)
        #expect(!FileManager.default.fileExists(atPath: ignore.path))
        try Data(text).write(to: ignore)  // the same lines, written by someone: the site's own
        try site.write("content/a.md", "---\ntitle: A again\ntags: [x]\n---\nA")
        #expect(try site.build().status == 0)
        #expect(FileManager.default.fileExists(atPath: ignore.path))
    }
}
