import Foundation
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
    /// The folders of the build's files, by their UTF-8 bytes: read from a record, they are
    /// slices of it, and no `String` is made of them unless a folder changed.
    private let folders: Set<FolderName>
    /// Those of ``known``, and the top one (""), whose entries changed.
    let changed: [String]

    /// The folders of the build's files, made when asked (a build asks only when some folder changed).
    var known: Set<String> { Set(folders.map { String(decoding: $0.bytes, as: UTF8.self) }) }

    /// Looks at the folders of the files of `record`, a build that finished at `finished`,
    /// below the open folder `root`.
    init(holding record: BuildRecord, in root: Int32, finishedAt finished: Int) {
        // Room for a folder for each file (a page's file is alone in its folder): grown from
        // empty, the set was made again a dozen times on the way to 10,000 folders.
        var folders = Set<FolderName>(minimumCapacity: record.fileCount)
        record.forEachFile { _, path, _ in
            // Each folder up to the first one already known.
            var end = path.endIndex
            while let slash = path[path.startIndex..<end].lastIndex(of: UInt8(ascii: "/")),
                  folders.insert(FolderName(bytes: path[path.startIndex..<slash])).inserted {
                end = slash
            }
        }
        var changed: [String] = []
        var buffer = PathBuffer()
        let top = FolderName(bytes: SharedBytes(".".utf8))
        for (index, folder) in ([top] + Array(folders)).enumerated() {
            var status = stat()
            // A folder taken out by hand changed its parent, which is listed: it is made again.
            guard buffer.withCString(folder.bytes, { fstatat(root, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0 else { continue }
            if FileStatus.nanoseconds(status.st_mtim) > finished {
                changed.append(index == 0 ? "" : String(decoding: folder.bytes, as: UTF8.self))
            }
        }
        self.folders = folders
        self.changed = changed
    }
}

/// A folder's path, as UTF-8 bytes.
private struct FolderName: Hashable, Sendable {
    let bytes: SharedBytes

    static func == (left: FolderName, right: FolderName) -> Bool {
        left.bytes.hasSameBytes(as: right.bytes)
    }

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
