/// 64-bit FNV-1a over UTF-8 bytes, written as 16 lowercase hex digits: the hashes of the manifest.
struct FNV1a: Sendable {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(bytes: some Sequence<UInt8>) {
        var hash = value
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        value = hash
    }

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(bytes: $0) }
    }

    /// The hash as 16 lowercase hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The hash of `bytes` in one go.
    static func hex(of bytes: some Sequence<UInt8>) -> String {
        var hash = FNV1a()
        hash.add(bytes: bytes)
        return hash.hex
    }
}
