#if canImport(Glibc)
import Glibc
#endif

/// What a file system entry is, by the type bits of its mode, in the words an error uses:
/// a build reads regular files and folders only, and says what it found instead; `serve`
/// answers for regular files and folders only.
package enum FileKind: Equatable, Sendable {
    case file, folder, link, fifo, socket, characterDevice, blockDevice, unknown

    /// The kind of an entry whose `stat` mode is `mode`.
    package init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .file
        case S_IFDIR: self = .folder
        case S_IFLNK: self = .link
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        default: self = .unknown
        }
    }

    /// The kind of the entry at `path` (a link itself, not what it leads to); nil when there is none.
    package init?(entryAt path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        self.init(mode: status.st_mode)
    }

    /// The kind with its article, as a sentence names it: "a FIFO (named pipe)".
    package var described: String {
        switch self {
        case .file: "a file"
        case .folder: "a folder"
        case .link: "a symbolic link"
        case .fifo: "a FIFO (named pipe)"
        case .socket: "a socket"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .unknown: "neither a file nor a folder"
        }
    }
}
