import Foundation
import Testing
import TestSupport
@testable import OwlSite

/// Shared bytes read the same whether copied or mapped, and slices keep their place.
@Suite struct SharedBytesTests {
    @Test func aMappedFileReadsAsItsBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shared-bytes-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var random = SeededGenerator(seed: 11)
        let bytes = (0..<70_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let file = folder.appendingPathComponent("record.bin")
        try Data(bytes).write(to: file)

        let mapped = try #require(SharedBytes(mappingFile: file.path))
        #expect(Array(mapped) == bytes)
        #expect(Array(mapped[65_530..<65_545]) == Array(bytes[65_530..<65_545]))
        // Replacing the file by renaming leaves a mapping as it was.
        let replacement = folder.appendingPathComponent("new.bin")
        try Data([1, 2, 3]).write(to: replacement)
        #expect(rename(replacement.path, file.path) == 0)
        #expect(Array(mapped.suffix(3)) == Array(bytes.suffix(3)))
        #expect(Array(try #require(SharedBytes(mappingFile: file.path))) == [1, 2, 3])

        let empty = folder.appendingPathComponent("empty.bin")
        try Data().write(to: empty)
        #expect(try #require(SharedBytes(mappingFile: empty.path)).isEmpty)
        #expect(SharedBytes(mappingFile: folder.appendingPathComponent("missing.bin").path) == nil)
        #expect(SharedBytes(mappingFile: folder.path) == nil)
    }

    /// A sysfs attribute gives a size (4,096) but cannot be mapped: it is read instead.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/sys/devices/system/cpu/online")))
    func aFileThatCannotBeMappedIsRead() throws {
        let path = "/sys/devices/system/cpu/online"
        let bytes = try #require(SharedBytes(mappingFile: path))
        // Compared with Foundation's reading, which shares no code with the fallback.
        #expect(!bytes.isEmpty && Data(bytes) == FileManager.default.contents(atPath: path))
    }

    @Test func aSliceKeepsItsIndicesAndReadsOnlyItself() throws {
        var writer = BinaryWriter()
        writer.string("before")
        writer.blob(Array("inner".utf8))
        writer.int(7)
        let whole = SharedBytes(writer.bytes)
        var reader = BinaryReader(whole)
        #expect(try reader.string() == "before")
        let blob = try reader.blob()
        #expect(blob.startIndex == 22 && String(decoding: Array(blob), as: UTF8.self) == "inner")
        #expect(try reader.int() == 7 && reader.isAtEnd)

        // A reader of a slice stops at the slice's end, not the storage's.
        var inner = BinaryReader(whole[14..<27])
        #expect(try inner.int() == 5)
        // Five bytes are left in the slice (and thirteen in the storage): no room for an integer.
        #expect(throws: BinaryReader.Malformed.self) { try inner.int() }
    }
}
