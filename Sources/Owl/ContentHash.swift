/// A 64-bit FNV-1a hash of UTF-8 bytes, written as 16 lowercase hex digits: the hash of
/// cells, sections and pages in manifests and patches.
///
/// Inlinable, with a fast path for contiguous bytes (arrays, slices, native strings), so
/// that hashing whole pages from another module costs one tight loop.
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline
    var state: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The hash so far.
    @inlinable
    public var value: UInt64 { state }

    /// The hash of no bytes; feed it with ``update(with:)``.
    @inlinable
    public init() {}

    /// The hash of `text`'s UTF-8 bytes.
    @inlinable
    public init(_ text: some StringProtocol) {
        update(with: text)
    }

    /// The hash of `bytes`.
    @inlinable
    public init(bytes: some Sequence<UInt8>) {
        update(with: bytes)
    }

    /// The hash written as `hex` (16 hex digits, as ``description`` writes it), nil if malformed.
    public init?(hex: String) {
        guard hex.utf8.count == 16, let value = UInt64(hex, radix: 16) else { return nil }
        state = value
    }

    /// Feeds `text`'s UTF-8 bytes.
    @inlinable
    public mutating func update(with text: some StringProtocol) {
        update(with: text.utf8)
    }

    /// Feeds `bytes`.
    @inlinable
    public mutating func update(with bytes: some Sequence<UInt8>) {
        let hashed: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            var hash = state
            for byte in buffer { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            state = hash
        }
        if hashed == nil {
            for byte in bytes { state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        }
    }

    /// 16 lowercase hex digits.
    public var description: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
