import Owl
import Synchronization

/// An item's body as an earlier build kept it in the Markdown cache: bytes of the mapped
/// shard, checked against their own checksum when a page or feed reads them rather than
/// when the shard is read.
///
/// A rebuild reads the bodies of the few pages it renders, and a shard's bodies are four
/// fifths of its bytes: checked with the rest of the shard, they cost every rebuild of
/// 100,000 posts some 250 million instructions and 200 MB of mapped memory it never read
/// (`docs/performance.md`). A body that fails its check is noted in the build's
/// ``BodyDamage`` and read as empty; the build then starts again without those entries
/// (``DamagedBodies``), so that nothing made from it is published.
struct CheckedBody: Sendable {
    let bytes: SharedBytes
    /// XXH64 of `bytes` when they were written.
    let checksum: UInt64
    /// Where a body that fails its check is noted.
    let damage: BodyDamage

    /// The bytes when they hash to the checksum; otherwise none, and `source` noted as damaged.
    func read(for source: String) -> SharedBytes {
        if bytes.withUnsafeBytes({ XXH64.hash($0) }) == checksum { return bytes }
        damage.note(source)
        return bytes[bytes.startIndex..<bytes.startIndex]
    }
}

/// The sources whose cached bodies failed their check in one build (``CheckedBody``).
final class BodyDamage: Sendable {
    private let sources = Mutex<Set<String>>([])

    /// Notes that the cached body of `source` is damaged.
    func note(_ source: String) {
        _ = sources.withLock { $0.insert(source) }
    }

    /// The sources noted so far.
    var noted: Set<String> { sources.withLock { $0 } }
}

/// Thrown by a build that read a damaged body from the Markdown cache, before it wrote
/// anything: the build starts again with those sources parsed anew (``MarkdownCache/init(folder:settings:leavingOut:)``).
struct DamagedBodies: Error {
    let sources: Set<String>
}
