import Foundation
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
    /// The folders of the record's files.
    let known: Set<String>
    /// Those of `known`, and the top one (""), whose entries changed.
    let changed: [String]

    /// Looks at the folders of a build's files, whose relative `paths` its record lists,
    /// below the open folder `root`; the build finished at `finished`. Nil when `stop` says so
    /// first (it is asked every few hundred folders).
    init?(holding paths: [String], in root: Int32, finishedAt finished: Int, stop: () -> Bool = { false }) {
        known = FileTree.folders(holding: paths)
        var changed: [String] = []
        let folders = [""] + Array(known)
        for index in folders.indices {
            if index % 256 == 0, stop() { return nil }
            let folder = folders[index]
            var status = stat()
            // A folder taken out by hand changed its parent, which is listed: it is made again.
            guard fstatat(root, folder.isEmpty ? "." : folder, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            if Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec) > finished { changed.append(folder) }
        }
        self.changed = changed
    }
}
