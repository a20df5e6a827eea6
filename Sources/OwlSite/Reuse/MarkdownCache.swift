import Foundation
import Owl
import OwlFiles
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Parsed and rendered Markdown items from earlier builds, kept in `.owl-cache/markdown/`
/// beside the sources. A file whose size and modification time are unchanged is not read
/// again; one whose bytes hash the same is not parsed again.
///
/// The entries are spread over ``shardCount`` files by source path, so that a build with a
/// few changed files rewrites a few small files, not the whole cache.
final class MarkdownCache: Sendable {
    /// One file's cached item and what identifies its bytes.
    private struct Entry: Sendable {
        var size: Int
        var modified: Int
        var fingerprint: ItemFingerprint
        /// The item in the cache's binary form, read when it is needed (on both cores).
        var binary: SharedBytes

        /// The item of `source`, with its fingerprint.
        func item(of source: String) throws -> ContentItem {
            var input = BinaryReader(binary)
            var item = try ContentItem(from: &input, source: source)
            item.fingerprint = fingerprint
            return item
        }
    }

    /// An entry of an earlier build and the source path it was kept under.
    private struct Earlier: Sendable {
        /// The path's UTF-8 bytes, as the shard holds them: no `String` is made of them.
        var source: SharedBytes
        var entry: Entry
    }

    /// Changes with the items' binary form. How a file is parsed into one is covered by the
    /// settings, which name the executable that renders (``BuildOptions/renderer``).
    private static let formatVersion = 12
    private static let shardCount = 64
    private let folder: URL?
    /// Everything that changes how a file renders besides its bytes.
    private let settings: String
    /// The entries of earlier builds, one table per shard, by the hash of their source path
    /// (an integer key is cheaper to find than the path). Of two paths with one hash, the
    /// later is kept and the other's file is parsed again. Never changed after `init`, so
    /// read without locking.
    private let previous: [[UInt64: Earlier]]
    /// The entries of the files read in this build, by shard: the two cores seldom wait for
    /// each other's lock.
    private let current: [Shard]

    /// A shard's entries in this build: the earlier entries taken as they were, by the hash
    /// of their source path (a rebuild takes thousands, and a table of them by path hashed
    /// each path again), and the entries made or restamped in this build.
    private final class Shard: Sendable {
        private let state: Mutex<(taken: Set<UInt64>, made: [String: Entry])>

        /// A shard expecting about `count` earlier entries (as many as its earlier version had).
        init(expecting count: Int) {
            state = Mutex((Set(minimumCapacity: count), [:]))
        }

        /// Notes that the earlier entry of the source whose path hashes to `hash` is kept as it was.
        func take(_ hash: UInt64) {
            _ = state.withLock { $0.taken.insert(hash) }
        }

        /// Keeps `entry`, new or restamped, for `source`.
        func make(_ source: String, _ entry: Entry) {
            state.withLock { $0.made[source] = entry }
        }

        var contents: (taken: Set<UInt64>, made: [String: Entry]) { state.withLock { $0 } }

        /// Lets go of the entries.
        func clear() {
            state.withLock { $0 = ([], [:]) }
        }
    }

    /// A cache in `folder` (nil: no cache) for Markdown rendered with `settings`.
    init(folder: URL?, settings: String) {
        self.folder = folder?.appendingPathComponent("markdown")
        self.settings = settings
        previous = Self.shards(in: self.folder, settings: settings)
        current = previous.map { Shard(expecting: $0.count) }
    }

    /// The shards in `folder`, read and decoded on both cores, by number; a shard that is
    /// missing or does not decode (another version or settings, cut short) is empty.
    private static func shards(in folder: URL?, settings: String) -> [[UInt64: Earlier]] {
        let none = Array(repeating: [UInt64: Earlier](), count: shardCount)
        guard let folder = folder?.path else { return none }
        let shards = try? Array(0..<shardCount).concurrentMap { shard in
            guard let bytes = CacheFile.read(folder + "/\(shard).bin") else { return [UInt64: Earlier]() }
            return (try? decode(bytes, settings: settings)) ?? [:]
        }
        return shards ?? none
    }

    /// Whether the cache holds nothing from earlier builds: every file will be read.
    var isEmpty: Bool { previous.allSatisfy(\.isEmpty) }

    private static func shard(ofHash hash: UInt64) -> Int {
        Int(hash % UInt64(shardCount))
    }

    /// The entry an earlier build kept for `source`, whose hash is `hash`.
    private func earlier(_ source: String, hash: UInt64) -> Entry? {
        guard let earlier = previous[Self.shard(ofHash: hash)][hash], earlier.source.areUTF8(of: source) else { return nil }
        return earlier.entry
    }

    /// The item of the file at `path` (relative to the open folder `folder`, if not absolute),
    /// with its fingerprint: from the cache when its bytes are unchanged, else from `parse`.
    func item(forFile path: String, in folder: Int32 = AT_FDCWD, source: String, parse: ([UInt8]) throws -> ContentItem) throws -> ContentItem {
        var status = stat()
        let stamped = fstatat(folder, path, &status, 0) == 0
        let size = Int(status.st_size)
        let modified = FileStatus.nanoseconds(status.st_mtim)
        let pathHash = ContentHash(source).value, shard = Self.shard(ofHash: pathHash)
        let cached = earlier(source, hash: pathHash)
        if stamped, let cached, cached.size == size, cached.modified == modified, let item = try? cached.item(of: source) {
            current[shard].take(pathHash)
            return item
        }
        let bytes = try SourceText.bytes(ofFile: path, in: folder, displayName: source, limit: SourceText.textLimit)
        let hash = XXH64.hash(bytes)
        // Touched but the same bytes (a checkout stamps every file): the entry is kept, with the new stamp.
        if let cached, cached.fingerprint.file == hash, let item = try? cached.item(of: source) {
            var touched = cached
            (touched.size, touched.modified) = (size, modified)
            current[shard].make(source, touched)
            return item
        }
        var item = try parse(bytes)
        var binary = BinaryWriter()
        item.fingerprint = ItemFingerprint(file: hash, listing: item.write(to: &binary))
        let entry = Entry(size: size, modified: modified, fingerprint: item.fingerprint, binary: SharedBytes(binary.bytes))
        current[shard].make(source, entry)
        // The body's HTML ends the entry (``ContentItem/write(to:)``): the item keeps those bytes
        // rather than a copy of its own, which the cache's entry held besides it until the build ended.
        let bodyCount = item.withBodyUTF8(\.count)
        item.html = .cached(entry.binary[(entry.binary.endIndex - bodyCount)..<entry.binary.endIndex])
        return item
    }

    /// Writes the shards whose entries changed in this build, each replaced atomically, and
    /// lets go of this build's entries: call it once every file is read. (An entry holds its
    /// item's body, which the build lets go of once its pages and feeds are made.)
    func save() {
        let shards = current.map(\.contents)
        for shard in current { shard.clear() }
        guard let folder else { return }
        // A shard that took every earlier entry as it was, and made none, is the same.
        let dirty = (0..<Self.shardCount).filter { !shards[$0].made.isEmpty || shards[$0].taken.count != previous[$0].count }
        guard !dirty.isEmpty else { return }
        CacheFile.makeFolder(folder)
        for shard in dirty {
            // The earlier entries kept, each under its source path as the shard held it, and the new ones.
            let members = previous[shard].lazy.filter { shards[shard].taken.contains($0.key) }.map { (source: $0.value.source, entry: $0.value.entry) }
                + shards[shard].made.map { (source: SharedBytes($0.key.utf8), entry: $0.value) }
            var out = BinaryWriter()
            out.reserve(members.reduce(64) { $0 + $1.entry.binary.count + 128 })
            out.int(Self.formatVersion)
            out.string(settings)
            out.int(members.count)
            for (source, entry) in members {
                out.blob(source)  // as a string is written
                out.int(entry.size)
                out.int(entry.modified)
                out.uint64(entry.fingerprint.file)
                out.uint64(entry.fingerprint.listing)
                out.blob(entry.binary)
            }
            CacheFile.write(out.bytes, to: folder.appendingPathComponent("\(shard).bin"))
        }
    }

    private static func decode(_ bytes: SharedBytes, settings: String) throws -> [UInt64: Earlier] {
        var input = BinaryReader(bytes)
        guard try input.int() == formatVersion, try input.string() == settings else { return [:] }
        let count = try input.count()
        var entries = [UInt64: Earlier](minimumCapacity: count)
        for _ in 0..<count {
            // A string is written as a blob is: its length, then its bytes.
            let source = try input.blob()
            let size = try input.int(), modified = try input.int()
            let fingerprint = ItemFingerprint(file: try input.uint64(), listing: try input.uint64())
            let entry = Entry(size: size, modified: modified, fingerprint: fingerprint, binary: try input.blob())
            // The hash ``item(forFile:in:source:parse:)`` finds the source by: its path's.
            entries[source.withUnsafeBytes { ContentHash(bytes: $0) }.value] = Earlier(source: source, entry: entry)
        }
        guard input.isAtEnd else { throw BinaryReader.Malformed() }
        return entries
    }
}
