#if canImport(Glibc)
import Glibc
#endif

/// A compact byte format for the build cache: integers as 8 bytes, strings length-prefixed.
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []

    mutating func reserve(_ count: Int) { bytes.reserveCapacity(count) }

    mutating func int(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func uint64(_ value: UInt64) { int(Int(bitPattern: UInt(value))) }

    /// Appends `values` as ``uint64(_:)`` writes each, in one copy where the machine's order
    /// is little-endian (a build record's tables: 100,000 integers at 10,000 pages, which one
    /// by one took 9 million instructions).
    mutating func uint64s(_ values: [UInt64]) {
        guard UInt64(1).littleEndian == 1 else {
            for value in values { uint64(value) }
            return
        }
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ other: some Collection<UInt8>) { bytes.append(bytes: other) }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func double(_ value: Double) { int(Int(bitPattern: UInt(value.bitPattern))) }

    mutating func string(_ value: String) {
        int(value.utf8.count)
        bytes.append(utf8Of: value)
    }

    /// Length-prefixed bytes.
    mutating func blob(_ value: some Collection<UInt8>) {
        int(value.count)
        bytes.append(bytes: value)
    }

    /// What `write` writes, as ``blob(_:)`` writes bytes: written in place, and its length
    /// put before it once known (a writer of its own, for each item's details of a first
    /// build, was an allocation and a copy of every item).
    mutating func blob(writing write: (inout BinaryWriter) -> Void) {
        let lengthAt = bytes.count
        int(0)
        write(&self)
        let length = Int64(bytes.count - lengthAt - 8).littleEndian
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: length, toByteOffset: lengthAt, as: Int64.self) }
    }

    /// A count, then each of `values` as ``string(_:)`` writes it.
    mutating func strings(_ values: [String]) {
        int(values.count)
        for value in values { string(value) }
    }

    mutating func optional<Value>(_ value: Value?, _ write: (inout BinaryWriter, Value) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }
}

/// Reads what `BinaryWriter` wrote; any inconsistency throws (the cache is then ignored).
struct BinaryReader {
    struct Malformed: Error {}

    private let bytes: SharedBytes
    /// The index of `bytes` to read next.
    private(set) var position: Int

    /// A reader of `bytes` from `position` (an index of `bytes`; its start by default).
    init(_ bytes: SharedBytes, at position: Int? = nil) {
        self.bytes = bytes
        self.position = position ?? bytes.startIndex
    }

    var isAtEnd: Bool { position == bytes.endIndex }

    mutating func int() throws -> Int {
        guard position >= bytes.startIndex, position + 8 <= bytes.endIndex else { throw Malformed() }
        let value = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: position - bytes.startIndex, as: Int64.self) }
        position += 8
        return Int(Int64(littleEndian: value))
    }

    mutating func uint64() throws -> UInt64 { UInt64(UInt(bitPattern: try int())) }

    /// `count` integers as ``BinaryWriter/uint64s(_:)`` wrote them, read at once.
    mutating func uint64s(count: Int) throws -> [UInt64] {
        guard count >= 0, count <= (bytes.endIndex - position) / 8 else { throw Malformed() }
        let start = position - bytes.startIndex
        position += count * 8
        return bytes.withUnsafeBytes { raw in
            (0..<count).map { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start + 8 * $0, as: UInt64.self)) }
        }
    }

    /// Reads a string and tells whether it is `text`, without making a `String` of it.
    mutating func matches(_ text: String) throws -> Bool {
        try blob().areUTF8(of: text)
    }

    mutating func bool() throws -> Bool {
        guard position >= bytes.startIndex, position < bytes.endIndex else { throw Malformed() }
        position += 1
        return bytes[position - 1] == 1
    }

    mutating func double() throws -> Double { Double(bitPattern: UInt64(UInt(bitPattern: try int()))) }

    mutating func string() throws -> String {
        let count = try count()
        defer { position += count }
        let start = position - bytes.startIndex
        // Decoded from a buffer of bytes, not a slice of one: the slice went through the
        // generic path, whose index arithmetic cost a rebuild of 10,000 items 6 million instructions.
        return bytes.withUnsafeBytes { all in
            String(decoding: UnsafeRawBufferPointer(rebasing: all[start..<(start + count)]).assumingMemoryBound(to: UInt8.self), as: UTF8.self)
        }
    }

    /// Reads a string; when its bytes are `known`'s UTF-8, gives `known` (sharing its
    /// storage) rather than a new string of them.
    mutating func string(sharing known: String) throws -> String {
        let bytes = try blob()
        return bytes.areUTF8(of: known) ? known : bytes.withUnsafeBytes { String(decoding: $0.assumingMemoryBound(to: UInt8.self), as: UTF8.self) }
    }

    /// What ``BinaryWriter/strings(_:)`` wrote.
    mutating func strings() throws -> [String] {
        try (0..<count()).map { _ in try string() }
    }

    /// The bytes of what ``BinaryWriter/strings(_:)`` wrote, sharing the reader's storage:
    /// each length is checked and passed over, and no string is made.
    mutating func encodedStrings() throws -> SharedBytes {
        let start = position
        for _ in 0..<(try count()) { position += try count() }
        return bytes(from: start)
    }

    /// The bytes read since `start` (a position the reader was at), sharing its storage.
    func bytes(from start: Int) -> SharedBytes {
        bytes[start..<position]
    }

    /// Where what ``BinaryWriter/blob(_:)`` wrote lies among the reader's bytes (indices of them).
    mutating func blobRange() throws -> Range<Int> {
        let count = try count()
        defer { position += count }
        return position..<(position + count)
    }

    /// What ``BinaryWriter/blob(_:)`` wrote, sharing the reader's storage.
    mutating func blob() throws -> SharedBytes {
        bytes[try blobRange()]
    }

    mutating func optional<Value>(_ read: (inout BinaryReader) throws -> Value) throws -> Value? {
        try bool() ? read(&self) : nil
    }

    /// A count that cannot be more than the bytes left (guards against corrupt lengths).
    mutating func count() throws -> Int {
        let value = try int()
        guard value >= 0, value <= bytes.endIndex - position else { throw Malformed() }
        return value
    }
}
