#if canImport(Glibc)
import Glibc
#endif

/// What `stat` says about a file: its kind, its length and what tells one version of it
/// from another (the modification time, which `serve`'s `ETag` is made of).
package struct FileStatus: Sendable, Hashable {
    package var kind: FileKind
    package var size: Int
    package var inode: UInt64
    /// Last modification, in seconds since 1970, with the nanoseconds the file system keeps.
    package var modified: Double

    /// The status of the file `path` names, links followed; nil when there is none.
    package init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The status of the open file `descriptor`; nil when `fstat` fails.
    package init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    /// A time `stat` gives (`st_mtim`, `st_ctim`) in nanoseconds since 1970: exact, as the
    /// caches and the output survey compare them.
    package static func nanoseconds(_ time: timespec) -> Int {
        Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
    }

    /// The status `stat` or `fstat` filled in as `info`.
    package init(_ info: stat) {
        kind = FileKind(mode: info.st_mode)
        size = Int(info.st_size)
        inode = UInt64(info.st_ino)
        modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    }
}
