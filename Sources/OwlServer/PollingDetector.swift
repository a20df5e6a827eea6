#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Change detection by comparing snapshots of the sources' status, for systems
/// without inotify.
struct PollingDetector: ChangeDetector {
    /// The shortest pause between two snapshots.
    static let interval: Int32 = 250

    private let sources: WatchedSources
    private var snapshot: [String: FileStatus]

    init(sources: WatchedSources) {
        self.sources = sources
        snapshot = Self.snapshot(of: sources)
    }

    mutating func waitForActivity(milliseconds: Int32) -> FileActivity {
        usleep(useconds_t(max(milliseconds, Self.interval)) * 1000)
        let current = Self.snapshot(of: sources)
        defer { snapshot = current }
        return current == snapshot ? .none : .sourceChanged
    }

    private static func snapshot(of sources: WatchedSources) -> [String: FileStatus] {
        var statuses: [String: FileStatus] = [:]
        // The depth limit stops at links that make a folder contain itself.
        func visit(_ path: String, depth: Int) {
            guard depth < 32, let status = FileStatus(path: path) else { return }
            statuses[path] = status
            guard status.kind == .folder else { return }
            for name in FolderListing.entries(of: path) where WatchedSources.isSourceName(name) {
                visit(path + "/" + name, depth: depth + 1)
            }
        }
        for name in sources.folders + sources.files { visit(sources.root + "/" + name, depth: 0) }
        return statuses
    }
}
