import Foundation
import Owl
import OwlFiles
#if canImport(Glibc)
import Glibc
#endif

/// The folders of a build's output whose entries changed after the build finished: files or
/// folders were put in or taken out by hand (or by `owl-site diff --write`) while it was the
/// output, which its record does not know. A later build that writes into the folder again
/// (as the spare) clears them out of those folders.
///
/// A folder's modification time changes when an entry is added, removed or renamed in it;
/// renaming the folder itself, as the swaps do, changes only its parent's.
struct FolderChanges: Sendable {
    /// The folders of the build's files, the top one first (``folders(of:)``).
    private let folders: [Folder]
    /// Those of ``known``, and the top one (""), whose entries changed.
    let changed: [String]

    /// The folders of the build's files, made when asked (a build asks only when some folder changed).
    var known: Set<String> { Set(folders.dropFirst().map { String(decoding: $0.bytes, as: UTF8.self) }) }

    /// Looks at the folders of the files of `record`, a build that finished at `finished`,
    /// below the open folder `root`.
    init(holding record: BuildRecord, in root: Int32, finishedAt finished: Int) {
        let folders = Self.folders(of: record)
        self.init(folders: folders, changed: Self.changed(folders[...], in: root, finishedAt: finished))
    }

    /// The changes found among `folders`, as ``folders(of:)`` gives them, by looking at each
    /// (``changed(_:in:finishedAt:)``), in parts or at once.
    init(folders: [Folder], changed: [String]) {
        self.folders = folders
        self.changed = changed
    }

    /// A folder's path below the output, as UTF-8 bytes: read from a record, a slice of it,
    /// of which no `String` is made unless the folder changed.
    struct Folder: Sendable {
        let bytes: SharedBytes
    }

    /// The folders of the files of `record`, each once: the top one (".") first, then every
    /// folder that holds a file or a folder of one.
    static func folders(of record: BuildRecord) -> [Folder] {
        var folders = [Folder(bytes: SharedBytes(".".utf8))]
        folders.reserveCapacity(record.fileCount + 1)
        // Room for a folder for each file (a page's file is alone in its folder).
        var seen = Seen(capacity: record.fileCount + 1)
        record.forEachFile { _, path, _ in
            // Each folder up to the first one already known.
            var end = path.endIndex
            while let slash = path[path.startIndex..<end].lastIndex(of: UInt8(ascii: "/")) {
                let folder = path[path.startIndex..<slash]
                guard seen.insert(folder, as: folders.count, among: folders) else { break }
                folders.append(Folder(bytes: folder))
                end = slash
            }
        }
        return folders
    }

    /// The folders met so far, by the XXH64 hash of their bytes, in a table of open
    /// addressing: a `Set<Folder>` hashed each folder with the standard library's hasher and
    /// made a `Folder` (retaining the record's bytes) for each one looked up, and took 16.8
    /// million instructions for the 24,000 files of 10,000 posts, where this takes 11.3
    /// (callgrind, a one-post rebuild). It runs before the survey of the output can be
    /// shared among threads.
    private struct Seen {
        /// The hash of each slot's folder, and its index among the folders plus one (0: empty).
        private var hashes: [UInt64]
        private var indices: [Int32]
        private let mask: Int

        init(capacity: Int) {
            var size = 16
            while size < 2 * capacity { size *= 2 }
            hashes = Array(repeating: 0, count: size)
            indices = Array(repeating: 0, count: size)
            mask = size - 1
        }

        /// Notes `folder` as the folder at `index` of `folders`, unless one of `folders` has
        /// its bytes already; whether it was new.
        mutating func insert(_ folder: SharedBytes, as index: Int, among folders: [Folder]) -> Bool {
            let hash = folder.withUnsafeBytes { XXH64.hash($0) }
            var slot = Int(truncatingIfNeeded: hash) & mask
            while indices[slot] != 0 {
                if hashes[slot] == hash, folders[Int(indices[slot]) - 1].bytes.hasSameBytes(as: folder) { return false }
                slot = (slot + 1) & mask
            }
            hashes[slot] = hash
            indices[slot] = Int32(index + 1)
            return true
        }
    }

    /// Those of `folders` (the top one named "") whose entries changed since `finished`, below
    /// the open folder `root`. A folder taken out by hand changed its parent, which is listed:
    /// it is made again.
    static func changed(_ folders: ArraySlice<Folder>, in root: Int32, finishedAt finished: Int) -> [String] {
        var changed: [String] = []
        var buffer = PathBuffer()
        for index in folders.indices {
            var status = stat()
            guard buffer.withCString(folders[index].bytes, { fstatat(root, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0 else { continue }
            if FileStatus.nanoseconds(status.st_mtim) > finished {
                changed.append(index == 0 ? "" : String(decoding: folders[index].bytes, as: UTF8.self))
            }
        }
        return changed
    }
}
