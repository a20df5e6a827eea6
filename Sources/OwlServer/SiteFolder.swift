#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The served folder: maps checked request targets to regular files inside it.
///
/// Every candidate is resolved with `realpath`, so a symbolic link is followed only
/// when it ends inside the folder; a link pointing out is treated as missing.
struct SiteFolder: Sendable {
    /// What a request target names.
    enum Resolution: Equatable {
        /// A regular file inside the folder: its resolved path and status.
        case file(String, FileStatus)
        /// A folder asked for without its trailing slash.
        case redirect(to: RequestTarget)
        /// Nothing servable.
        case missing
    }

    /// The folder's resolved absolute path, without a trailing slash.
    let root: String

    /// The folder at `path`; nil when it does not exist or is not a folder.
    init?(path: String) {
        guard let resolved = Self.resolve(path), FileStatus(path: resolved)?.kind == .folder else { return nil }
        root = resolved
    }

    /// Resolves `target`: a file, a folder's `index.html`, or a redirect to the folder.
    func resolve(_ target: RequestTarget) -> Resolution {
        guard let path = contained(([root] + target.segments).joined(separator: "/")),
            let status = FileStatus(path: path)
        else { return .missing }
        switch status.kind {
        case .file:
            return target.isFolder ? .missing : .file(path, status)
        case .folder:
            return target.isFolder ? file(named: "index.html", in: path) : .redirect(to: target.asFolder)
        case .other:
            return .missing
        }
    }

    /// A file directly below the root, such as the theme's `404.html`.
    func file(named name: String) -> Resolution {
        file(named: name, in: root)
    }

    private func file(named name: String, in folder: String) -> Resolution {
        guard let path = contained(folder + "/" + name), let status = FileStatus(path: path), status.kind == .file
        else { return .missing }
        return .file(path, status)
    }

    /// The resolved `path` when it lies inside the root, nil otherwise.
    private func contained(_ path: String) -> String? {
        guard let resolved = Self.resolve(path) else { return nil }
        guard resolved == root || resolved.hasPrefix(root == "/" ? "/" : root + "/") else { return nil }
        return resolved
    }

    private static func resolve(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
