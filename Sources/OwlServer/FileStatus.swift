#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says about a file: its kind and what tells one version of it from another.
struct FileStatus: Sendable, Hashable {
    enum Kind: Sendable {
        case file, folder, other
    }

    var kind: Kind
    var size: Int
    var inode: UInt64
    /// Last modification, in seconds since 1970, with the nanoseconds the file system keeps.
    var modified: Double

    /// The status of the file `path` names, links followed; nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The status of the open file `descriptor`; nil when `fstat` fails.
    init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    private init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .file
        case S_IFDIR: kind = .folder
        default: kind = .other
        }
        size = Int(info.st_size)
        inode = UInt64(info.st_ino)
        #if canImport(Darwin)
        modified = Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
        modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
    }
}
