/// The 64-bit XXH64 hash of UTF-8 bytes, written as 16 lowercase hex digits: the hash of
/// cells, sections and pages in manifests and patches.
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    /// The hash.
    public let value: UInt64

    /// The hash whose value is `value`.
    public init(value: UInt64) {
        self.value = value
    }

    /// The hash of `text`'s UTF-8 bytes.
    public init(_ text: some StringProtocol) {
        self.init(bytes: text.utf8)
    }

    /// The hash of `text`'s UTF-8 bytes, read in place. Not generic: a rebuild hashes some
    /// 50,000 paths, and through the generic initializer (not specialized across modules)
    /// each took some 600 instructions.
    public init(_ text: String) {
        var text = text
        self = text.withUTF8 { ContentHash(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// The hash of the bytes `buffer` points to; not generic, as the `String` initializer.
    public init(bytes buffer: UnsafeRawBufferPointer) {
        value = XXH64.hash(buffer)
    }

    /// The hash of `bytes`.
    public init(bytes: some Sequence<UInt8>) {
        if let value = bytes.withContiguousStorageIfAvailable({ XXH64.hash(UnsafeRawBufferPointer($0)) }) {
            self.value = value
        } else {
            var hasher = ContentHasher()
            hasher.update(with: bytes)
            self = hasher.hash
        }
    }

    /// The hash written as `hex` (16 hex digits, as ``description`` writes it), nil if malformed.
    public init?(hex: String) {
        guard hex.utf8.count == 16, let value = UInt64(hex, radix: 16) else { return nil }
        self.value = value
    }

    /// 16 lowercase hex digits.
    public var description: String {
        // Written in place: manifests hold a hash for every cell, section and region.
        String(unsafeUninitializedCapacity: 16) { digits in
            for index in 0..<16 {
                let nibble = UInt8(truncatingIfNeeded: value >> (60 - 4 * UInt64(index))) & 0xF
                digits[index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") - 10 + nibble
            }
            return 16
        }
    }
}

/// A hash encodes as its 16 hex digits (``ContentHash/description``), as manifests and patches
/// write it.
extension ContentHash: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let hex = try container.decode(String.self)
        guard let hash = ContentHash(hex: hex) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a hash of 16 hex digits: \(hex)")
        }
        self = hash
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
