/// Hashes bytes fed piece by piece: the ``ContentHash`` of all of them, as if they were one run.
///
/// A page's shell, for example, is the page with its lists cut out, hashed without
/// copying the pieces together.
public struct ContentHasher: Sendable {
    private var lanes = XXH64.Lanes(seed: 0)
    private var total = 0
    /// Bytes short of a whole stripe, kept for the next piece or the end.
    private var pending: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var pendingCount = 0

    /// Nothing fed yet.
    public init() {}

    /// Feeds `text`'s UTF-8 bytes.
    public mutating func update(with text: some StringProtocol) {
        update(with: text.utf8)
    }

    /// Feeds `text`'s UTF-8 bytes, read in place: not generic, which a caller in another
    /// module would call unspecialized (a plan's key feeds two texts for each item).
    public mutating func update(with text: String) {
        var text = text
        text.withUTF8 { update(with: UnsafeRawBufferPointer($0)) }
    }

    /// Feeds `bytes`.
    public mutating func update(with bytes: some Sequence<UInt8>) {
        if bytes.withContiguousStorageIfAvailable({ update(with: UnsafeRawBufferPointer($0)) }) == nil {
            Array(bytes).withUnsafeBytes { update(with: $0) }
        }
    }

    /// Feeds the bytes of `buffer`.
    public mutating func update(with buffer: UnsafeRawBufferPointer) {
        guard !buffer.isEmpty else { return }
        total += buffer.count
        var input = buffer
        if pendingCount > 0 {
            let taken = min(XXH64.stripe - pendingCount, input.count)
            withUnsafeMutableBytes(of: &pending) { stripe in
                stripe.baseAddress!.advanced(by: pendingCount).copyMemory(from: input.baseAddress!, byteCount: taken)
            }
            pendingCount += taken
            input = UnsafeRawBufferPointer(rebasing: input[taken...])
            guard pendingCount == XXH64.stripe else { return }
            _ = withUnsafeBytes(of: pending) { lanes.consume($0) }
            pendingCount = 0
        }
        let consumed = lanes.consume(input)
        let rest = input.count - consumed
        if rest > 0 {
            withUnsafeMutableBytes(of: &pending) { stripe in
                stripe.baseAddress!.copyMemory(from: input.baseAddress!.advanced(by: consumed), byteCount: rest)
            }
            pendingCount = rest
        }
    }

    /// The hash of everything fed so far.
    public var hash: ContentHash {
        withUnsafeBytes(of: pending) { stripe in
            ContentHash(value: XXH64.finish(lanes: lanes, total: total, tail: UnsafeRawBufferPointer(rebasing: stripe[..<pendingCount])))
        }
    }
}
