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
/// few changed files rewrites a few small files, not the whole cache. A shard holds its
/// entries first, checked as a whole when it is read, then their bodies, each checked when
/// a page reads it (``CheckedBody``): a rebuild reads a few bodies of thousands.
final class MarkdownCache: Sendable {
    /// One file's cached item and what identifies its bytes.
    private struct Entry: Sendable {
        var size: Int
        var modified: Int
        var fingerprint: ItemFingerprint
        /// The item but its body, in the cache's binary form, read when it is needed (on both cores).
        var binary: SharedBytes
        /// The item's body's HTML.
        var body: SharedBytes
        /// XXH64 of `body`.
        var bodyChecksum: UInt64

        /// The item of `source`, with its fingerprint; its body and its details are checked
        /// when they are read, damaged ones noted in `damage`.
        func item(of source: String, damage: BodyDamage) throws -> ContentItem {
            var input = BinaryReader(binary)
            // The fingerprint given to the initializer: set after it, the item was copied.
            return try ContentItem(from: &input, source: source, html: .checked(CheckedBody(bytes: body, checksum: bodyChecksum, damage: damage)),
                                   fingerprint: fingerprint, damage: damage)
        }
    }

    /// An entry of an earlier build and the source path it was kept under.
    private struct Earlier: Sendable {
        /// The path's UTF-8 bytes, as the shard holds them: no `String` is made of them.
        var source: SharedBytes
        var entry: Entry
    }

    /// What a shard holds of an entry before its body, its blobs as ranges of the shard's bytes.
    private struct Head {
        var source: Range<Int>
        var size: Int
        var modified: Int
        var fingerprint: ItemFingerprint
        var binary: Range<Int>
        var bodyCount: Int
        var bodyChecksum: UInt64
    }

    /// A shard's earlier entries and their source paths' hashes, in the order of the hashes:
    /// kept as two lists from the start, not as a list of pairs split in two (each pair
    /// copied, 40,000 copies of a one-post rebuild of 10,000 posts).
    private struct EarlierEntries: Sendable {
        var hashes: [UInt64] = []
        var earlier: [Earlier] = []

        /// The entries at `indices`, in their order.
        func picking(_ indices: [Int]) -> EarlierEntries {
            EarlierEntries(hashes: indices.map { hashes[$0] }, earlier: indices.map { earlier[$0] })
        }
    }

    /// Changes with the items' binary form. How a file is parsed into one is covered by the
    /// settings, which name the executable that renders (``BuildOptions/renderer``).
    /// 13: a shard's entries are in the order of their source paths' hashes.
    /// 14: the bodies follow the entries, each with a checksum of its own.
    /// 15: an item's details (``ItemDetails``) are a blob of their own, after the rest of its listing.
    private static let formatVersion = 15
    private static let shardCount = 64
    private let folder: URL?
    /// Everything that changes how a file renders besides its bytes.
    private let settings: String
    /// The shards, by number: each an earlier build's entries and this build's.
    private let shards: [Shard]
    /// The sources whose cached bodies failed their check in this build.
    let damage = BodyDamage()

    /// A shard: the entries of earlier builds, and what this build makes of them.
    ///
    /// The earlier entries are in the order of their source paths' hashes (an integer key is
    /// cheaper to find than the path), found by interpolation
    /// (``Swift/RandomAccessCollection/firstIndex(notBelowHash:by:)``): a table of them by
    /// hash hashed each hash again to find it, and took as long to make as the build's
    /// lookups took. Those this build takes as they were are marked by their index, each by
    /// the one thread that reads its source (a source is read once a build); the entries made
    /// or restamped in this build are kept under a lock, which the two cores seldom wait for
    /// (most files are unchanged).
    private final class Shard: @unchecked Sendable {
        /// The source paths' hashes of `earlier`, in ascending order. Never changed after
        /// `init`, so read without locking.
        let hashes: [UInt64]
        let earlier: [Earlier]
        /// For each earlier entry, whether this build took it as it was: written at distinct
        /// indices while the sources are read, read once they all are.
        private let taken: UnsafeMutableBufferPointer<Bool>
        private let made = Mutex<[String: Entry]>([:])

        /// A shard of the earlier `entries`.
        init(_ entries: EarlierEntries) {
            hashes = entries.hashes
            earlier = entries.earlier
            taken = .allocate(capacity: earlier.count)
            taken.initialize(repeating: false)
        }

        deinit {
            taken.deallocate()
        }

        /// The index of the earlier entry of `source`, whose path hashes to `hash`.
        func earlierIndex(of source: String, hash: UInt64) -> Int? {
            var index = hashes.firstIndex(notBelowHash: hash) { $0 }
            // Two paths with one hash are both kept: each is told by its bytes.
            while index < hashes.count, hashes[index] == hash {
                if earlier[index].source.areUTF8(of: source) { return index }
                index += 1
            }
            return nil
        }

        /// Notes that the earlier entry at `index` is kept as it was.
        func take(_ index: Int) {
            taken[index] = true
        }

        /// Keeps `entry`, new or restamped, for `source`.
        func make(_ source: String, _ entry: Entry) {
            made.withLock { $0[source] = entry }
        }

        /// The entries to keep, in the order of their source paths' hashes: those taken and
        /// those made. Nil when they are the earlier ones, every one taken and none made.
        func entriesToKeep() -> [(hash: UInt64, source: SharedBytes, entry: Entry)]? {
            let made = self.made.withLock { $0 }
            guard !made.isEmpty || taken.contains(false) else { return nil }
            let kept = earlier.indices.lazy.filter { self.taken[$0] }.map { (hash: self.hashes[$0], source: self.earlier[$0].source, entry: self.earlier[$0].entry) }
            return (Array(kept) + made.map { (hash: ContentHash($0.key).value, source: SharedBytes($0.key.utf8), entry: $0.value) }).sortedByHash(\.hash)
        }

        /// Lets go of the entries made in this build.
        func clear() {
            made.withLock { $0 = [:] }
        }
    }

    /// A cache in `folder` (nil: no cache) for Markdown rendered with `settings`, without the
    /// entries of `damaged` (sources whose bodies an earlier attempt of this build found
    /// damaged: they are parsed again, and their shards written again).
    init(folder: URL?, settings: String, leavingOut damaged: Set<String> = []) {
        self.folder = folder?.appendingPathComponent("markdown")
        self.settings = settings
        shards = Self.earlierEntries(in: self.folder, settings: settings, leavingOut: damaged).map(Shard.init)
    }

    /// The earlier entries of each shard in `folder`, but those of `damaged`, read and decoded
    /// on both cores, by number; a shard that is missing or does not decode (another version
    /// or settings, cut short) has none.
    private static func earlierEntries(in folder: URL?, settings: String, leavingOut damaged: Set<String>) -> [EarlierEntries] {
        let none = Array(repeating: EarlierEntries(), count: shardCount)
        guard let folder = folder?.path else { return none }
        let shards = try? Array(0..<shardCount).concurrentMap { shard in
            // Mapped unchecked: the entries carry a checksum of their own, and each body one.
            guard let bytes = CacheFile.mapUnchecked(folder + "/\(shard).bin") else { return EarlierEntries() }
            let entries = (try? decode(bytes, settings: settings)) ?? EarlierEntries()
            guard !damaged.isEmpty else { return entries }
            return entries.picking(entries.earlier.indices.filter { !damaged.contains(String(decoding: entries.earlier[$0].source, as: UTF8.self)) })
        }
        return shards ?? none
    }

    /// Whether the cache holds nothing from earlier builds: every file will be read.
    var isEmpty: Bool { shards.allSatisfy(\.earlier.isEmpty) }

    private static func shard(ofHash hash: UInt64) -> Int {
        Int(hash % UInt64(shardCount))
    }

    /// The item of the file at `path` (relative to the open folder `folder`, if not absolute),
    /// with its fingerprint: from the cache when its bytes are unchanged, else from `parse`.
    func item(forFile path: String, in folder: Int32 = AT_FDCWD, source: String, parse: ([UInt8]) throws -> ContentItem) throws -> ContentItem {
        var status = stat()
        // Through the string's own bytes: passed as it is, it was copied into a new C string.
        let stamped = path.withCString { fstatat(folder, $0, &status, 0) } == 0
        let size = Int(status.st_size)
        let modified = FileStatus.nanoseconds(status.st_mtim)
        let pathHash = ContentHash(source).value, shard = shards[Self.shard(ofHash: pathHash)]
        let earlierIndex = shard.earlierIndex(of: source, hash: pathHash)
        let cached = earlierIndex.map { shard.earlier[$0].entry }
        if stamped, let earlierIndex, let cached, cached.size == size, cached.modified == modified, let item = try? cached.item(of: source, damage: damage) {
            shard.take(earlierIndex)
            return item
        }
        let bytes = try SourceText.bytes(ofFile: path, in: folder, displayName: source, limit: SourceText.textLimit)
        let hash = XXH64.hash(bytes)
        // Touched but the same bytes (a checkout stamps every file): the entry is kept, with the new stamp.
        if let cached, cached.fingerprint.file == hash, let item = try? cached.item(of: source, damage: damage) {
            var touched = cached
            (touched.size, touched.modified) = (size, modified)
            shard.make(source, touched)
            return item
        }
        var item = try parse(bytes)
        var binary = BinaryWriter()
        item.fingerprint = ItemFingerprint(file: hash, listing: item.write(to: &binary))
        let body = item.withBodyUTF8 { SharedBytes($0) }
        let entry = Entry(size: size, modified: modified, fingerprint: item.fingerprint, binary: SharedBytes(binary.bytes),
                          body: body, bodyChecksum: body.withUnsafeBytes { XXH64.hash($0) })
        shard.make(source, entry)
        // The item keeps the entry's bytes of its body rather than a copy of its own, which
        // the entry held besides it until the build ended.
        item.html = .cached(body)
        return item
    }

    /// Writes the shards whose entries changed in this build, each replaced atomically, and
    /// lets go of this build's entries: call it once every file is read. (An entry holds its
    /// item's body, which the build lets go of once its pages and feeds are made.)
    func save() {
        let kept = shards.map { $0.entriesToKeep() }
        for shard in shards { shard.clear() }
        guard let folder, kept.contains(where: { $0 != nil }) else { return }
        CacheFile.makeFolder(folder)
        for (number, members) in kept.enumerated() {
            guard let members else { continue }
            var out = BinaryWriter()
            out.reserve(members.reduce(64) { $0 + $1.entry.binary.count + $1.entry.body.count + 144 })
            out.int(Self.formatVersion)
            out.string(settings)
            out.int(members.count)
            for (_, source, entry) in members {
                out.blob(source)  // as a string is written
                out.int(entry.size)
                out.int(entry.modified)
                out.uint64(entry.fingerprint.file)
                out.uint64(entry.fingerprint.listing)
                out.blob(entry.binary)
                out.int(entry.body.count)
                out.uint64(entry.bodyChecksum)
            }
            out.uint64(XXH64.hash(out.bytes))
            for (_, _, entry) in members { out.append(entry.body) }
            CacheFile.write(out.bytes, to: folder.appendingPathComponent("\(number).bin"))
        }
    }

    /// The entries of a shard's bytes, in the order of their source paths' hashes (as they
    /// are written; put in that order when they are not). The entries are checked by their
    /// checksum; the bodies after them are not read.
    private static func decode(_ bytes: SharedBytes, settings: String) throws -> EarlierEntries {
        var input = BinaryReader(bytes)
        guard try input.int() == formatVersion, try input.string() == settings else { return EarlierEntries() }
        // The entries first, each with its body's size and checksum: where the bodies start
        // is known once they are all read. Their blobs are kept as ranges of the bytes until
        // then (a list of slices, each holding the bytes, was copied three times an entry).
        let heads = try (0..<input.count()).map { _ in
            // A string is written as a blob is: its length, then its bytes.
            Head(source: try input.blobRange(), size: try input.int(), modified: try input.int(),
                 fingerprint: ItemFingerprint(file: try input.uint64(), listing: try input.uint64()),
                 binary: try input.blobRange(), bodyCount: try input.count(), bodyChecksum: try input.uint64())
        }
        let headsEnd = input.position
        guard try input.uint64() == bytes[bytes.startIndex..<headsEnd].withUnsafeBytes({ XXH64.hash($0) }) else { throw BinaryReader.Malformed() }
        var entries = EarlierEntries()
        entries.hashes.reserveCapacity(heads.count)
        entries.earlier.reserveCapacity(heads.count)
        var bodyStart = input.position
        for head in heads {
            let bodyEnd = bodyStart + head.bodyCount
            guard bodyEnd <= bytes.endIndex else { throw BinaryReader.Malformed() }
            let source = bytes[head.source]
            // The hash ``item(forFile:in:source:parse:)`` finds the source by: its path's.
            entries.hashes.append(source.withUnsafeBytes { ContentHash(bytes: $0) }.value)
            entries.earlier.append(Earlier(source: source, entry: Entry(
                size: head.size, modified: head.modified, fingerprint: head.fingerprint, binary: bytes[head.binary],
                body: bytes[bodyStart..<bodyEnd], bodyChecksum: head.bodyChecksum)))
            bodyStart = bodyEnd
        }
        guard bodyStart == bytes.endIndex else { throw BinaryReader.Malformed() }
        guard zip(entries.hashes, entries.hashes.dropFirst()).contains(where: { $0 > $1 }) else { return entries }
        return entries.picking(Array(entries.hashes.indices).sortedByHash { entries.hashes[$0] })
    }
}
