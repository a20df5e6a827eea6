#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says about a file: its kind and what identifies one version of it.
struct FileStatus: Sendable, Hashable {
    enum Kind: Sendable {
        case file, folder, other
    }

    var kind: Kind
    var size: Int
    var device: UInt64
    var inode: UInt64
    /// Last modification, in seconds since 1970.
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int

    /// The status of the file `path` names, links followed; nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .file
        case S_IFDIR: kind = .folder
        default: kind = .other
        }
        size = Int(info.st_size)
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        #if canImport(Darwin)
        modifiedSeconds = Int(info.st_mtimespec.tv_sec)
        modifiedNanoseconds = Int(info.st_mtimespec.tv_nsec)
        #else
        modifiedSeconds = Int(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        #endif
    }

    /// A strong validator for this version of the file.
    var entityTag: String {
        "\"" + [inode, UInt64(size), UInt64(modifiedSeconds), UInt64(modifiedNanoseconds)]
            .map { String($0, radix: 16) }.joined(separator: "-") + "\""
    }
}
