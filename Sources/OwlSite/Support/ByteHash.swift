import Owl

/// Owl's `ContentHash` (64-bit FNV-1a) over contiguous bytes, specialised here: Owl's
/// generic `ContentHash(bytes:)` is not inlinable, so from this module it walks bytes
/// through protocol witnesses, which made hashing a site's pages a sixth of the build.
/// `ByteHashTests` checks the two agree.
struct ByteHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var hash = value
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        value = hash
    }

    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    mutating func update(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { update($0) }
    }

    mutating func update(_ text: String) {
        var text = text
        text.withUTF8 { update(UnsafeRawBufferPointer($0)) }
    }

    /// 16 lowercase hex digits, as `ContentHash.description` writes them.
    var description: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The hash of `bytes`.
    static func value(of bytes: [UInt8]) -> UInt64 {
        var hash = ByteHash()
        hash.update(bytes)
        return hash.value
    }

    /// The hash of `bytes` as 16 hex digits.
    static func hex(_ bytes: ArraySlice<UInt8>) -> String {
        var hash = ByteHash()
        hash.update(bytes)
        return hash.description
    }
}
