import Foundation
import Owl
import OwlFiles
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The hash and size of each of the site's copied files (`static/`, and the files beside
/// the Markdown in `content/`) in earlier builds, kept in `.owl-cache/static.bin`: a file
/// whose size and modification time are unchanged is not read to find them again (the
/// Markdown cache trusts the same two). The build takes such a file as its source's bytes,
/// read when it is written (``OutputFile/Content/source(_:)``), which a rebuild seldom does.
///
/// Every build read every copied file whole and kept its bytes until the write: with 300
/// images of 1 MB beside 300 posts, a one-post rebuild took 0.28 s and 330 MB.
final class StaticFileCache: Sendable {
    /// What identifies a file's bytes, and their hash.
    private struct Entry: Sendable {
        var size: Int
        var modified: Int
        var hash: UInt64
    }

    private static let formatVersion = 1
    private let file: URL?
    private let earlier: [String: Entry]
    /// The entries of the files looked at in this build, and whether one of them is new.
    private let current = Mutex<(entries: [String: Entry], changed: Bool)>(([:], false))

    /// The cache in `cacheFolder` (nil: none; every file is read).
    init(cacheFolder: URL?) {
        file = cacheFolder?.appendingPathComponent("static.bin")
        earlier = file.flatMap { Self.entries(in: $0) } ?? [:]
    }

    /// Whether the cache knows no file from earlier builds: a build reads every copied file.
    var isEmpty: Bool { earlier.isEmpty }

    /// The file at `path`, which errors name `displayName`, as a file of the output: its hash
    /// and size from the cache when its size and modification time are those of an earlier
    /// build, else from reading it (an error naming it when it cannot be read, or holds more
    /// than a build copies).
    func outputFile(at path: String, displayName: String) throws -> OutputFile {
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
           let entry = earlier[path], entry.size == Int(status.st_size), entry.modified == FileStatus.nanoseconds(status.st_mtim) {
            current.withLock { $0.entries[path] = entry }
            return OutputFile(source: path, hash: entry.hash, size: entry.size)
        }
        let bytes = try SourceText.bytes(ofFile: path, displayName: displayName)
        let entry = Entry(size: bytes.count, modified: FileStatus.nanoseconds(status.st_mtim), hash: XXH64.hash(bytes))
        current.withLock {
            $0.entries[path] = entry
            $0.changed = true
        }
        return OutputFile(source: path, hash: entry.hash, size: entry.size)
    }

    /// Writes the entries of the files looked at in this build, when they are not those the
    /// cache held (one changed, came or went).
    func save() {
        let (entries, changed) = current.withLock { $0 }
        guard let file, changed || entries.count != earlier.count else { return }
        CacheFile.writeTable(entries, version: Self.formatVersion, to: file) { out, entry in
            out.int(entry.size)
            out.int(entry.modified)
            out.uint64(entry.hash)
        }
    }

    /// The entries in `file`; nil when it is missing, damaged or of another version.
    private static func entries(in file: URL) -> [String: Entry]? {
        CacheFile.readTable(file, version: formatVersion) { input in
            Entry(size: try input.int(), modified: try input.int(), hash: try input.uint64())
        }
    }
}
