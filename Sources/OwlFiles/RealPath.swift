import CLinux
#if canImport(Glibc)
import Glibc
#endif

/// Paths with every link, `.` and `..` resolved, and whether one lies inside a folder: the
/// check that keeps a build's reads inside the site folder and `serve`'s inside the output.
package enum RealPath {
    /// `path` with every link, `.` and `..` resolved; nil (and `errno` set) when that fails,
    /// as when nothing is there or links lead round in a loop.
    package static func resolve(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` resolved, when that lies inside `root` (itself resolved) or is `root`; nil
    /// when it does not exist or lies outside.
    package static func resolve(_ path: String, inside root: String) -> String? {
        guard let resolved = resolve(path), resolved == root || isInside(resolved, root) else { return nil }
        return resolved
    }

    /// Whether the resolved path `path` lies below the resolved folder `root`: a prefix of
    /// whole names (`/site-other` is not inside `/site`).
    package static func isInside(_ path: String, _ root: String) -> Bool {
        path.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// Opens what `path` (a path below `root`, from its `/`) names, to be read (with
    /// ``FileBytes/openFlags``), when it lies inside the real path `root`: its descriptor,
    /// which the caller closes, and its real path; nil when nothing is there or it lies outside.
    ///
    /// Usually one system call: when no link is on the way and the path has no `..`, it is
    /// its own real path, inside `root`, and `openat2` opens it refusing links. Otherwise, or
    /// where the kernel has no `openat2`, the path is resolved first (``resolve(_:inside:)``,
    /// which looks at each of its parts in turn) and the real path opened.
    package static func open(_ path: String, inside root: String) -> (descriptor: Int32, path: String)? {
        let full = root + path
        if !path.contains("/..") {
            let descriptor = owl_open_without_links(full, FileBytes.openFlags)
            if descriptor >= 0 { return (descriptor, full) }
            guard errno == ELOOP || errno == ENOSYS || errno == EPERM else { return nil }
        }
        guard let real = resolve(full, inside: root) else { return nil }
        let descriptor = Glibc.open(real, FileBytes.openFlags)
        return descriptor >= 0 ? (descriptor, real) : nil
    }
}
