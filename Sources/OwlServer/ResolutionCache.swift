import Synchronization

/// Remembers what request paths resolved to, so a repeated request skips `realpath`.
///
/// Only successful resolutions are kept. The responder checks a remembered file's status
/// on every use; the fast path, which answers from memory only, trusts it until it was
/// last checked longer ago than the cache's revalidation interval, so an edit made on disk
/// by hand is served within that interval. The dev server empties the cache after each of
/// its own builds, so a rebuilt page is served at once. A remembered path is a resolved
/// one, inside the folder, so reusing it can never reach outside. Paths are remembered
/// without their query.
final class ResolutionCache: Sendable {
    private static let capacity = 4096
    /// How long a file's checked status is trusted without asking `stat` again.
    private let revalidationInterval: Duration

    private struct Remembered {
        var resolution: SiteFolder.Resolution
        /// When a file's status was last compared with the disk.
        var checked: ContinuousClock.Instant
    }

    private let resolutions = Mutex<[String: Remembered]>([:])

    /// An empty cache whose fast path trusts a file's status for `revalidationInterval`
    /// (100 ms: a dev server's requests for one page come in a burst, and `stat` costs
    /// about as much as the rest of an answer from memory).
    init(revalidationInterval: Duration = .milliseconds(100)) {
        self.revalidationInterval = revalidationInterval
    }

    /// What the request path `path` (checked as `target`) resolves to in `folder`,
    /// from memory when still valid.
    func resolve(_ path: String, as target: RequestTarget, in folder: SiteFolder) -> SiteFolder.Resolution {
        let key = Self.key(path)
        if let remembered = resolutions.withLock({ $0[key] }) {
            switch remembered.resolution {
            case .file:
                if let file = current(remembered, for: key, trusting: .zero) { return .file(file.path, file.status) }
            case .redirect(let folderTarget):
                return .redirect(to: folderTarget)
            case .missing:
                break
            }
        }
        return remember(folder.resolve(target), for: key)
    }

    /// The file the request path `path` was resolved to by ``resolve(_:as:in:)``, when
    /// it is remembered and unchanged on disk since (as last checked within the
    /// revalidation interval); nil otherwise. Never resolves anything.
    func rememberedFile(for path: String) -> (path: String, status: FileStatus)? {
        let key = Self.key(path)
        guard let remembered = resolutions.withLock({ $0[key] }) else { return nil }
        return current(remembered, for: key, trusting: revalidationInterval)
    }

    /// Forgets every path (a new build was written).
    func removeAll() {
        resolutions.withLock { $0 = [:] }
    }

    /// The remembered file and its status when it is still that file on disk: trusted when
    /// it was checked less than `interval` ago, else compared with `stat` (and a change forgotten).
    private func current(_ remembered: Remembered, for key: String, trusting interval: Duration) -> (path: String, status: FileStatus)? {
        guard case .file(let file, let status) = remembered.resolution else { return nil }
        let now = ContinuousClock.now
        if now - remembered.checked < interval { return (file, status) }
        guard let current = FileStatus(path: file), current == status else {
            resolutions.withLock { _ = $0.removeValue(forKey: key) }
            return nil
        }
        resolutions.withLock { $0[key]?.checked = now }
        return (file, status)
    }

    /// A request path without its query or fragment (the same string when it has none).
    private static func key(_ path: String) -> String {
        let part = RequestTarget.path(of: path)
        return part.endIndex == path.endIndex ? path : String(part)
    }

    private func remember(_ resolution: SiteFolder.Resolution, for key: String) -> SiteFolder.Resolution {
        guard resolution != .missing else { return resolution }
        resolutions.withLock { resolutions in
            if resolutions.count >= Self.capacity { resolutions = [:] }
            resolutions[key] = Remembered(resolution: resolution, checked: .now)
        }
        return resolution
    }
}
