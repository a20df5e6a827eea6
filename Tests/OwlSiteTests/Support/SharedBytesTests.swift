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

    /// Integers written at once read back as those written one by one do, from a slice too,
    /// and no further than the bytes go.
    @Test func integersWrittenAndReadAtOnceAreThoseWrittenOneByOne() throws {
        let values: [UInt64] = [0, 1, 0x0102_0304_0506_0708, .max, 42]
        var together = BinaryWriter(), apart = BinaryWriter()
        together.int(-1)
        apart.int(-1)
        together.uint64s(values)
        for value in values { apart.uint64(value) }
        #expect(together.bytes == apart.bytes)
        let whole = SharedBytes([0, 0, 0] + together.bytes)
        var reader = BinaryReader(whole[3...])
        #expect(try reader.int() == -1)
        #expect(try reader.uint64s(count: 2) == [0, 1])
        #expect(throws: BinaryReader.Malformed.self) { try reader.uint64s(count: 4) }
        #expect(try reader.uint64s(count: 3) == Array(values[2...]) && reader.isAtEnd)
        #expect(throws: BinaryReader.Malformed.self) { try reader.uint64s(count: -1) }
    }

    /// A blob written in place, its length put before it afterwards, is the blob of the same
    /// bytes written at once: empty, nested, and among other values.
    @Test func aBlobWrittenInPlaceIsTheBlobOfItsBytes() throws {
        var inPlace = BinaryWriter(), atOnce = BinaryWriter()
        for writer in [{ (out: inout BinaryWriter) in out.string("inner") }, { _ in }, { out in out.blob { $0.int(7) } }] {
            inPlace.bool(true)
            atOnce.bool(true)
            var own = BinaryWriter()
            writer(&own)
            inPlace.blob(writing: writer)
            atOnce.blob(own.bytes)
        }
        #expect(inPlace.bytes == atOnce.bytes)
        var reader = BinaryReader(SharedBytes(inPlace.bytes))
        #expect(try reader.bool())
        var inner = BinaryReader(try reader.blob())
        #expect(try inner.string() == "inner" && inner.isAtEnd)
        #expect(try reader.bool() && reader.blob().isEmpty && reader.bool())
        var nested = BinaryReader(try reader.blob())
        var innermost = BinaryReader(try nested.blob())
        #expect(try innermost.int() == 7 && innermost.isAtEnd && nested.isAtEnd && reader.isAtEnd)
    }
}
