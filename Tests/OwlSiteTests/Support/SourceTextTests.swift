import Foundation
import Testing
@testable import OwlSite
import OwlFiles

@Suite struct SourceTextTests {
    @Test(arguments: [0, 1, 4_095, 4_096, 100_003])
    func readsEveryByteOfAFile(size: Int) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("owl-source-\(UUID().uuidString)")
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try SourceText.bytes(url, displayName: "f") == bytes)
    }

    /// Some editors begin a UTF-8 file with a byte-order mark: it is not part of the text,
    /// and an invalid byte after it is still found on its line.
    @Test func aByteOrderMarkIsDropped() throws {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(try SourceText.decode(mark + Array("---\ntitle: A\n".utf8), displayName: "f") == "---\ntitle: A\n")
        #expect(try SourceText.decode(Array("a".utf8) + mark, displayName: "f") == "a\u{FEFF}", "only at the start")
        #expect(throws: SiteError(file: "f", line: 2, "invalid UTF-8 (byte 6)")) {
            try SourceText.decode(mark + Array("a\nb".utf8) + [0xFF], displayName: "f")
        }
    }

    @Test func aMissingFileOrAFolderCannotBeRead() {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("owl-missing-\(UUID().uuidString)")
        #expect(throws: SiteError(file: "m", "cannot read the file: No such file or directory")) { try SourceText.bytes(missing, displayName: "m") }
        #expect(throws: SiteError(file: "d", "a folder, not a file: a build reads regular files only")) {
            try SourceText.bytes(FileManager.default.temporaryDirectory, displayName: "d")
        }
    }

    /// A FIFO is refused at once, not waited on for a writer; a device is never read.
    @Test func onlyARegularFileIsRead() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("owl-fifo-\(UUID().uuidString)")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(at: fifo) }
        #expect(throws: SiteError(file: "p", "a FIFO (named pipe), not a file: a build reads regular files only")) { try SourceText.bytes(fifo, displayName: "p") }
        #expect(throws: SiteError(file: "z", "a character device, not a file: a build reads regular files only")) {
            try SourceText.bytes(URL(fileURLWithPath: "/dev/zero"), displayName: "z")
        }
    }

    /// A file over the limit is refused by its size, before it is read; text sources have a lower limit.
    @Test func aFileOverTheLimitIsRefused() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("owl-large-\(UUID().uuidString)")
        try Data(repeating: UInt8(ascii: "a"), count: 3 << 20).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try SourceText.bytes(url, displayName: "f", limit: 3 << 20).count == 3 << 20)
        #expect(throws: SiteError(file: "f", "more than 2 MiB, which is as much as owl-site reads of a file")) { try SourceText.bytes(url, displayName: "f", limit: 2 << 20) }
        #expect(SourceText.textLimit == 16 << 20 && SourceText.copiedLimit == 1 << 30)
    }

    /// A file that grows past the limit while it is read (its size said less) is refused too.
    @Test func aFileGrowingPastTheLimitIsRefused() throws {
        // /proc files report a size of 0: read on, past a limit of 1 KiB.
        #expect(throws: SiteError(file: "s", "more than 1024 bytes, which is as much as owl-site reads of a file")) {
            try SourceText.bytes(URL(fileURLWithPath: "/proc/self/smaps"), displayName: "s", limit: 1 << 10)
        }
    }

    @Test func aFileLongerThanItsStatusSaysIsReadToItsEnd() throws {
        // /proc files report a size of 0 and have content: the case of a file that grew
        // after `fstat`, as far as the reader can tell.
        let status = try #require(FileBytes.contents(ofFile: "/proc/self/status"))
        #expect(String(decoding: status, as: UTF8.self).hasPrefix("Name:"))
        let smaps = try #require(FileBytes.contents(ofFile: "/proc/self/smaps"))
        #expect(smaps.count > 65_536, "longer than one chunk read on: \(smaps.count) bytes")
        #expect(smaps.last == UInt8(ascii: "\n"))
    }
}

/// The page-cache probe that lets a build skip asking for files it has in memory already.
@Suite struct SourceTextMemoryTests {
    @Test func aFileReadIsInMemoryAndNotOnceTheSystemDropsIt() throws {
        // Beside the build rather than in /tmp, which may be a tmpfs: its files never leave memory.
        let folder = SiteFixture.packageRoot.appendingPathComponent(".build/owl-memory-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("post.md").path
        try Data(repeating: UInt8(ascii: "a"), count: 10_000).write(to: URL(fileURLWithPath: file))
        #expect(FileBytes.contents(ofFile: file)?.count == 10_000)
        #expect(SourceText.isInMemory(file))

        // Written back first: the system drops only pages that are clean.
        let descriptor = open(file, O_RDONLY)
        defer { close(descriptor) }
        #expect(fsync(descriptor) == 0 && posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED) == 0)
        #expect(!SourceText.isInMemory(file))
        #expect(!SourceText.sampleIsInMemory([file]), "out of memory: every file is asked for")
        #expect(FileBytes.contents(ofFile: file)?.count == 10_000)
        #expect(SourceText.sampleIsInMemory([file]), "read again: none is")

        let empty = folder.appendingPathComponent("empty.md").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(SourceText.isInMemory(empty), "nothing to read")
        #expect(!SourceText.isInMemory(folder.appendingPathComponent("missing.md").path))
    }
}
