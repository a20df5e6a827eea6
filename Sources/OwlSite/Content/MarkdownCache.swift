import Foundation
import Owl
#if canImport(Glibc)
import Glibc
#endif

/// Parsed and rendered Markdown items from earlier builds, kept in `.owl-cache/markdown.bin`
/// beside the sources. A file whose size and modification time are unchanged is not read
/// again; one whose bytes hash the same is not parsed again.
final class MarkdownCache: @unchecked Sendable {
    /// One file's cached item and what identifies its bytes.
    private struct Entry {
        var size: Int
        var modified: Int
        var hash: UInt64
        /// The item in the cache's binary form, read when it is needed (on both cores).
        var binary: ArraySlice<UInt8>

        func item() throws -> ContentItem {
            var input = BinaryReader(Array(binary))
            return try ContentItem(from: &input)
        }
    }

    private static let formatVersion = 2
    private let file: URL?
    /// Everything that changes how a file renders besides its bytes.
    private let settings: String
    private var previous: [String: Entry] = [:]
    private var current: [String: Entry] = [:]
    private let lock = NSLock()
    private var changed = false

    /// A cache in `folder` (nil: no cache) for Markdown rendered with `settings`.
    init(folder: URL?, settings: String) {
        file = folder?.appendingPathComponent("markdown.bin")
        self.settings = settings
        guard let file, let bytes = SourceText.contents(ofFile: file.path) else { return }
        previous = (try? Self.decode(bytes, settings: settings)) ?? [:]
    }

    /// The item of the file at `path`: from the cache when its bytes are unchanged, else from `parse`.
    func item(forFile path: String, source: String, parse: ([UInt8]) throws -> ContentItem) throws -> ContentItem {
        var status = stat()
        let stamped = stat(path, &status) == 0
        let size = Int(status.st_size)
        let modified = Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec)
        let cached = lock.withLock { previous[source] }
        if stamped, let cached, cached.size == size, cached.modified == modified, let item = try? cached.item() {
            remember(source, cached)
            return item
        }
        let bytes = try SourceText.bytes(URL(fileURLWithPath: path), displayName: source)
        let hash = ContentHash(bytes: bytes).value
        let item = try cached.flatMap { $0.hash == hash ? try? $0.item() : nil } ?? parse(bytes)
        var binary = BinaryWriter()
        item.write(to: &binary)
        remember(source, Entry(size: size, modified: modified, hash: hash, binary: binary.bytes[...]))
        lock.withLock { changed = true }
        return item
    }

    private func remember(_ source: String, _ entry: Entry) {
        lock.withLock { current[source] = entry }
    }

    /// The content hash of every file read in this build, by source path.
    var fingerprints: [String: UInt64] {
        lock.withLock { current.mapValues(\.hash) }
    }

    /// Writes the entries of this build (only when something changed), replacing the file atomically.
    func save() {
        guard let file else { return }
        let (entries, dirty) = lock.withLock { (current, changed || current.count != previous.count) }
        guard dirty else { return }
        var out = BinaryWriter()
        out.reserve(entries.values.reduce(64) { $0 + $1.binary.count + 128 })
        out.int(Self.formatVersion)
        out.string(settings)
        out.int(entries.count)
        for (source, entry) in entries {
            out.string(source)
            out.int(entry.size)
            out.int(entry.modified)
            out.int(Int(bitPattern: UInt(entry.hash)))
            out.blob(entry.binary)
        }
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(out.bytes).write(to: file, options: .atomic)
    }

    private static func decode(_ bytes: [UInt8], settings: String) throws -> [String: Entry] {
        var input = BinaryReader(bytes)
        guard try input.int() == formatVersion, try input.string() == settings else { return [:] }
        var entries: [String: Entry] = [:]
        for _ in 0..<(try input.count()) {
            let source = try input.string()
            let size = try input.int(), modified = try input.int()
            let hash = UInt64(UInt(bitPattern: try input.int()))
            entries[source] = Entry(size: size, modified: modified, hash: hash, binary: try input.blob())
        }
        guard input.isAtEnd else { throw BinaryReader.Malformed() }
        return entries
    }
}
