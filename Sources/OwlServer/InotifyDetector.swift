#if canImport(Glibc)
import Glibc
#endif
import OwlFiles

/// What the detector saw during one wait.
enum FileActivity {
    /// Nothing happened.
    case none
    /// Only files that are not sources changed (an editor's temporary file, say).
    case unrelated
    /// A source changed.
    case sourceChanged
}

/// Change detection with Linux inotify: every watched folder, recursively; folders
/// created later are added as they appear. Linux is the one system `serve` runs on, so
/// there is no other way of watching: where inotify refuses, `serve` says why and stops.
struct InotifyDetector {
    private static let mask = UInt32(
        IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
            | IN_DELETE_SELF | IN_MOVE_SELF)
    private static let headerSize = MemoryLayout<inotify_event>.size

    private let sources: WatchedSources
    private let descriptor: Int32
    private var rootWatch: Int32 = -1
    /// Folder path of every watch below the root.
    private var folders: [Int32: String] = [:]
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    /// A detector for `sources`; throws with the system's reason when inotify refuses
    /// (`fs.inotify.max_user_instances` reached, say) or the site folder cannot be watched.
    init(sources: WatchedSources) throws(DevServerError) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw .cannotWatch(String(cString: strerror(errno))) }
        self.sources = sources
        self.descriptor = descriptor
        rootWatch = inotify_add_watch(descriptor, sources.root, Self.mask)
        guard rootWatch >= 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw .cannotWatch(reason)
        }
        for folder in sources.folders { addRecursively(sources.root + "/" + folder) }
    }

    /// Closes the inotify instance; the detector is unusable afterwards.
    func close() {
        Glibc.close(descriptor)
    }

    /// Waits up to `milliseconds` for file-system activity and says what it saw.
    mutating func waitForActivity(milliseconds: Int32) -> FileActivity {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, milliseconds) > 0 else { return .none }
        var activity = FileActivity.unrelated
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return activity }
            if handleEvents(count: count) { activity = .sourceChanged }
        }
    }

    /// Handles the events read into the buffer; returns whether one concerned a source.
    private mutating func handleEvents(count: Int) -> Bool {
        var changed = false
        var offset = 0
        while offset + Self.headerSize <= count {
            // The header, then `len` bytes of name, NUL-padded (Swift sees no `name` field).
            let event = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self) }
            let nameBytes = buffer[offset + Self.headerSize..<min(count, offset + Self.headerSize + Int(event.len))]
            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            offset += Self.headerSize + Int(event.len)
            changed = handle(watch: event.wd, mask: event.mask, name: name) || changed
        }
        return changed
    }

    /// Updates the watches for one event and returns whether it calls for a rebuild.
    private mutating func handle(watch: Int32, mask: UInt32, name: String) -> Bool {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 { return true }
        if mask & UInt32(IN_IGNORED) != 0 {
            folders[watch] = nil
            return false
        }
        let isNewFolder = mask & UInt32(IN_ISDIR) != 0 && mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0
        if watch == rootWatch {
            guard sources.watchesTopLevel(name) else { return false }
            if isNewFolder && sources.folders.contains(name) { addRecursively(sources.root + "/" + name) }
            return true
        }
        guard let folder = folders[watch] else { return false }
        if isNewFolder { addRecursively(folder + "/" + name) }
        return name.isEmpty || mask & UInt32(IN_ISDIR) != 0 || WatchedSources.isSourceName(name)
    }

    private mutating func addRecursively(_ path: String) {
        let watch = inotify_add_watch(descriptor, path, Self.mask | UInt32(IN_ONLYDIR))
        guard watch >= 0 else { return }
        folders[watch] = path
        for child in FolderListing.subfolders(of: path) { addRecursively(path + "/" + child) }
    }
}
