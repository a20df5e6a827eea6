import Synchronization

/// Remembers what request paths resolved to, so a repeated request skips `realpath`.
///
/// Only successful resolutions are kept, and a file's status is checked again on
/// every use; a remembered path is a resolved one, inside the folder, so reusing it
/// can never reach outside. The dev server empties the cache after each build.
final class ResolutionCache: Sendable {
    private static let capacity = 4096

    private let resolutions = Mutex<[String: SiteFolder.Resolution]>([:])

    /// What `path` resolves to in `folder`, from memory when still valid.
    func resolve(_ path: String, as target: RequestTarget, in folder: SiteFolder) -> SiteFolder.Resolution {
        switch resolutions.withLock({ $0[path] }) {
        case .file(let file, let status)?:
            if let current = FileStatus(path: file), current.kind == .file {
                return current == status ? .file(file, status) : remember(.file(file, current), for: path)
            }
        case .redirect(let folderTarget)?:
            return .redirect(to: folderTarget)
        case .missing?, nil:
            break
        }
        return remember(folder.resolve(target), for: path)
    }

    /// Forgets every path (a new build was written).
    func removeAll() {
        resolutions.withLock { $0 = [:] }
    }

    private func remember(_ resolution: SiteFolder.Resolution, for path: String) -> SiteFolder.Resolution {
        guard resolution != .missing else { return resolution }
        resolutions.withLock { resolutions in
            if resolutions.count >= Self.capacity { resolutions = [:] }
            resolutions[path] = resolution
        }
        return resolution
    }
}
