/// A 64-bit FNV-1a hash of UTF-8 bytes, written as 16 lowercase hex digits: the hash of
/// cells, sections and pages in manifests and patches.
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    /// The hash so far.
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The hash of no bytes; feed it with ``update(with:)``.
    public init() {}

    /// The hash of `text`'s UTF-8 bytes.
    public init(_ text: some StringProtocol) {
        update(with: text)
    }

    /// The hash of `bytes`.
    public init(bytes: some Sequence<UInt8>) {
        update(with: bytes)
    }

    /// The hash written as `hex` (16 hex digits, as ``description`` writes it), nil if malformed.
    public init?(hex: String) {
        guard hex.utf8.count == 16, let value = UInt64(hex, radix: 16) else { return nil }
        self.value = value
    }

    /// Feeds `text`'s UTF-8 bytes.
    public mutating func update(with text: some StringProtocol) {
        for byte in text.utf8 {
            update(byte)
        }
    }

    /// Feeds `bytes`.
    public mutating func update(with bytes: some Sequence<UInt8>) {
        for byte in bytes {
            update(byte)
        }
    }

    /// 16 lowercase hex digits.
    public var description: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private mutating func update(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
}
