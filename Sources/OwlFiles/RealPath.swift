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
}
