#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The two file-system steps that keep `serve` inside a folder: resolving a path, links
/// and all, and reading a regular file without ever blocking on something else.
enum LocalFiles {
    /// `path` with every link, `.` and `..` resolved, when it lies inside `root` (itself
    /// resolved); nil when it does not exist or lies outside.
    static func resolve(_ path: String, inside root: String) -> String? {
        guard let resolved = realPath(path) else { return nil }
        guard resolved == root || resolved.hasPrefix(root == "/" ? "/" : root + "/") else { return nil }
        return resolved
    }

    /// `path` with every link, `.` and `..` resolved; nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The status and at most `limit` first bytes (nil: its whole length as `fstat` says
    /// it) of the regular file at `path`; nil when it is not one or cannot be read.
    static func contents(of path: String, limit: Int? = nil) -> (status: FileStatus, bytes: [UInt8])? {
        // Non-blocking: a file swapped for a FIFO since it was found must not hold anyone.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let status = FileStatus(descriptor: descriptor), status.kind == .file else { return nil }
        let size = min(status.size, limit ?? status.size)
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let received = bytes[filled...].withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if received < 0 && errno == EINTR { continue }
            guard received >= 0 else { return nil }
            guard received > 0 else { break }
            filled += received
        }
        bytes.removeLast(size - filled)
        return (status, bytes)
    }
}
