import Foundation
import Testing
@testable import OwlSite

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
        #expect(throws: SiteError(file: "m", "cannot read the file")) { try SourceText.bytes(missing, displayName: "m") }
        #expect(throws: SiteError(file: "d", "cannot read the file")) { try SourceText.bytes(FileManager.default.temporaryDirectory, displayName: "d") }
    }

    @Test func aFileLongerThanItsStatusSaysIsReadToItsEnd() throws {
        // /proc files report a size of 0 and have content: the case of a file that grew
        // after `fstat`, as far as the reader can tell.
        let status = try #require(SourceText.contents(ofFile: "/proc/self/status"))
        #expect(String(decoding: status, as: UTF8.self).hasPrefix("Name:"))
        let smaps = try #require(SourceText.contents(ofFile: "/proc/self/smaps"))
        #expect(smaps.count > 65_536, "longer than one chunk read on: \(smaps.count) bytes")
        #expect(smaps.last == UInt8(ascii: "\n"))
    }
}
