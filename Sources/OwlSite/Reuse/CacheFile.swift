import Foundation
import Owl
import OwlFiles
#if canImport(Glibc)
import Glibc
#endif

/// Writes and reads the files of `.owl-cache/`: whole, under a temporary name, then renamed
/// over the old one, so that a reader finds the old file or the new one, never a mix.
///
/// Every cache file ends with a checksum of its bytes (XXH64, 8 bytes, little-endian), which
/// ``read(_:)`` checks: a file with a flipped byte, cut short or written by something else is
/// not used, and what it held is made again from the sources (never published). The format
/// version each kind of file starts with is checked by its reader.
///
/// Nothing is flushed to disk (Foundation's atomic write calls `fsync`, which made every build
/// wait for the cache to reach the disk): a cache file that a crash leaves short or empty
/// fails its checks when it is read, and is made again.
enum CacheFile {
    /// Replaces the file at `url` with `bytes`; false when it could not (the old file, if
    /// any, is then left as it was).
    @discardableResult
    static func write(_ bytes: [UInt8], to url: URL) -> Bool {
        write([bytes], to: url)
    }

    /// The bytes of the cache file at `path` without their checksum, mapped into memory;
    /// nil when there is no regular file there or its checksum does not match.
    static func read(_ path: String) -> SharedBytes? {
        guard let bytes = SharedBytes(mappingFile: path), bytes.count >= checksumSize else { return nil }
        let body = bytes[0..<(bytes.count - checksumSize)]
        var stored: UInt64 = 0
        for (shift, byte) in bytes[body.endIndex...].enumerated() { stored |= UInt64(byte) << UInt64(8 * shift) }
        return body.withUnsafeBytes { XXH64.hash($0) } == stored ? body : nil
    }

    /// The bytes of the cache file at `path` without their checksum, mapped into memory and
    /// not checked: for a file whose parts carry hashes of their own, checked when each is
    /// used (a record's segments, ``BuildRecord/Page/entriesHash``). Nil when there is no
    /// regular file there, or one too short to hold a checksum.
    static func mapUnchecked(_ path: String) -> SharedBytes? {
        guard let bytes = SharedBytes(mappingFile: path), bytes.count >= checksumSize else { return nil }
        return bytes[0..<(bytes.count - checksumSize)]
    }

    /// Replaces the cache file `file` (in the cache folder) with a table of `entries` by path:
    /// `version`, the count, then each path, in order, followed by what `write` writes of its
    /// entry. The form of the small caches keyed by a path (``StaticFileCache``, ``FeedCache``).
    static func writeTable<Entry>(_ entries: [String: Entry], version: Int, to file: URL, _ write: (inout BinaryWriter, Entry) -> Void) {
        var out = BinaryWriter()
        out.int(version)
        out.int(entries.count)
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            out.string(path)
            write(&out, entry)
        }
        makeCacheFolder(file.deletingLastPathComponent())
        self.write(out.bytes, to: file)
    }

    /// The table ``writeTable(_:version:to:_:)`` wrote to `file`, each entry read by `read`;
    /// nil when the file is missing, damaged or of another version.
    static func readTable<Entry>(_ file: URL, version: Int, _ read: (inout BinaryReader) throws -> Entry) -> [String: Entry]? {
        guard let bytes = self.read(file.path) else { return nil }
        var input = BinaryReader(bytes)
        guard (try? input.int()) == version, let count = try? input.count() else { return nil }
        var entries: [String: Entry] = [:]
        for _ in 0..<count {
            guard let path = try? input.string(), let entry = try? read(&input) else { return nil }
            entries[path] = entry
        }
        return input.isAtEnd ? entries : nil
    }

    /// The size of the checksum at the end of every cache file.
    static let checksumSize = 8

    private static func checksum(of bytes: some Collection<UInt8>) -> [UInt8] {
        var hasher = ContentHasher()
        hasher.update(with: bytes)
        return littleEndian(hasher.hash.value)
    }

    private static func littleEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> UInt64(8 * $0)) }
    }

    /// Replaces the file at `url` with `pieces`, one after the other, and their checksum;
    /// false when it could not (the old file, if any, is then left as it was).
    ///
    /// Pieces smaller than ``gatheredSize`` are gathered into a buffer of at most
    /// ``bufferSize``, rather than written one by one (a record's segment is two pieces for
    /// each page rendered) or joined into one array first (many megabytes, which would add to
    /// the build's peak memory); larger ones are written from where they are, without a
    /// copy. A record made by updating another carries that record's entries, some 17 MB at
    /// 100,000 posts, as a piece of its mapped file: gathered into the buffer, they were
    /// copied into as much fresh memory.
    @discardableResult
    static func write(_ pieces: [any ContiguousBytes], to url: URL) -> Bool {
        write(to: url) { descriptor in
            var buffer: [UInt8] = []
            var hasher = ContentHasher()
            for piece in pieces {
                let written = piece.withUnsafeBytes { bytes -> Bool in
                    hasher.update(with: bytes)
                    let isGathered = bytes.count < gatheredSize
                    // What the buffer holds goes first.
                    if !buffer.isEmpty, !isGathered || buffer.count + bytes.count > bufferSize {
                        guard FileBytes.write(buffer, to: descriptor) else { return false }
                        buffer.removeAll(keepingCapacity: true)
                    }
                    guard isGathered else { return FileBytes.write(bytes, to: descriptor) }
                    buffer.append(contentsOf: bytes)
                    return true
                }
                guard written else { return false }
            }
            buffer += littleEndian(hasher.hash.value)
            return FileBytes.write(buffer, to: descriptor)
        }
    }

    private static let bufferSize = 1 << 20

    /// The largest piece ``write(_:to:)-([any ContiguousBytes],_)`` gathers into its buffer:
    /// the entries of a page in a segment, most of them. A cache file made in one array is
    /// written as it is (copied into the buffer, the Markdown cache's shards of a cold build
    /// of 1,000 posts added 8.5 MB to what it allocated).
    private static let gatheredSize = 4 << 10

    /// Replaces the file at `url` with what `fill` writes to the descriptor it is given
    /// (true when all of it was written).
    private static func write(to url: URL, filling fill: (Int32) -> Bool) -> Bool {
        let path = url.path, temporary = url.path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        let written = fill(descriptor)
        guard close(descriptor) == 0, written, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Makes `folder`, a folder inside the cache folder (`.owl-cache/markdown`), and the cache
    /// folder's `.gitignore` (``makeCacheFolder(_:)``).
    static func makeFolder(_ folder: URL) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        makeCacheFolder(folder.deletingLastPathComponent())
    }

    /// Makes `cacheFolder` (`.owl-cache`, for the files directly in it) and gives it a
    /// `.gitignore` of `*` (unless it has one), so that git leaves it out with no line in the
    /// site's own.
    ///
    /// Earlier versions gave the cache's own files (`cells.bin`) the folder above the cache
    /// as theirs, and so wrote that `.gitignore`, with a checksum after it, into the site's
    /// folder, where it hid the whole site from git. Such a file, byte for byte, is deleted.
    static func makeCacheFolder(_ cacheFolder: URL) {
        try? FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
        let ignore = cacheFolder.appendingPathComponent(".gitignore")
        if access(ignore.path, F_OK) != 0 { _ = write(to: ignore) { FileBytes.write(Array(ignoreText.utf8), to: $0) } }
        let stray = cacheFolder.deletingLastPathComponent().appendingPathComponent(".gitignore").path
        if let bytes = FileWriter.regularFileContents(stray), bytes == Array(ignoreText.utf8) + checksum(of: Array(ignoreText.utf8)) {
            unlink(stray)
        }
    }

    private static let ignoreText = "# owl-site's cache, made again by any build: not for version control.\n*\n"
}

/// Shared bytes are written to a cache file from where they are (``CacheFile/write(_:to:)-([any ContiguousBytes],_)``).
extension SharedBytes: ContiguousBytes {}
