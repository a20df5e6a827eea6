import Synchronization

/// Remembers what request paths resolved to, so a repeated request skips `realpath`.
///
/// Only successful resolutions are kept, and a file's status is checked again on
/// every use; a remembered path is a resolved one, inside the folder, so reusing it
/// can never reach outside. Paths are remembered without their query. The dev server
/// empties the cache after each build.
final class ResolutionCache: Sendable {
    private static let capacity = 4096

    private let resolutions = Mutex<[String: SiteFolder.Resolution]>([:])

    /// What the request path `path` (checked as `target`) resolves to in `folder`,
    /// from memory when still valid.
    func resolve(_ path: String, as target: RequestTarget, in folder: SiteFolder) -> SiteFolder.Resolution {
        let key = Self.key(path)
        switch resolutions.withLock({ $0[key] }) {
        case .file(let file, let status)?:
            if let current = FileStatus(path: file), current.kind == .file {
                return current == status ? .file(file, status) : remember(.file(file, current), for: key)
            }
        case .redirect(let folderTarget)?:
            return .redirect(to: folderTarget)
        case .missing?, nil:
            break
        }
        return remember(folder.resolve(target), for: key)
    }

    /// The file the request path `path` was resolved to by ``resolve(_:as:in:)``, when
    /// it is remembered and unchanged on disk since; nil otherwise. Never resolves anything.
    func rememberedFile(for path: String) -> (path: String, status: FileStatus)? {
        guard case .file(let file, let status)? = resolutions.withLock({ $0[Self.key(path)] }),
            FileStatus(path: file) == status
        else { return nil }
        return (file, status)
    }

    /// Forgets every path (a new build was written).
    func removeAll() {
        resolutions.withLock { $0 = [:] }
    }

    /// A request path without its query or fragment.
    private static func key(_ path: String) -> String {
        guard let end = path.utf8.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) else {
            return path
        }
        return String(path[..<end])
    }

    private func remember(_ resolution: SiteFolder.Resolution, for key: String) -> SiteFolder.Resolution {
        guard resolution != .missing else { return resolution }
        resolutions.withLock { resolutions in
            if resolutions.count >= Self.capacity { resolutions = [:] }
            resolutions[key] = resolution
        }
        return resolution
    }
}
