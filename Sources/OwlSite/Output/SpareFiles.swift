import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The files of the spare output folder, opened for writing while the build renders: the
/// spare becomes the build's staging folder, and a rebuild writes the new build id into
/// nearly every one of its files. Opening 10,000 files takes the system longer than writing
/// a few bytes into each, and it can be done before the id is known: on a thread that runs
/// only when a core would otherwise be idle, so that it never holds the build up. When the
/// files are wanted, those opened by then are taken without waiting for the thread, which
/// stops at its next file (an unprivileged thread cannot leave the idle policy again).
///
/// Nothing in the folder is changed until ``AtomicOutput/write(_:buildID:record:prepared:spare:)``
/// takes the files (those opened by then); ``close()`` closes them unless it did.
final class SpareFiles: Sendable {
    /// The build the folder holds, as its manifest names it.
    let build: String
    /// When that build finished: the change time of its manifest.
    let finished: Int
    /// The folder's device and inode, which stay the same when it is renamed into the staging folder.
    private let identity: FolderIdentity
    /// Path below the folder → open descriptor, for the files that are as `build` left them;
    /// and whether they were wanted (taken or closed), after which the thread opens no more.
    /// The idle thread holds the lock only to look or to add one file, so taking the files
    /// waits for it at most that long, should it lose its core in between.
    private let state = Mutex<(opened: [String: Int32], wanted: Bool)>(([:], false))
    /// What the thread found of the folders' changes by hand, first of all, and whether
    /// that was wanted (asked for), after which the thread looks no further.
    private let changes = Mutex<(found: FolderChanges?, wanted: Bool)>((nil, false))
    /// Left by the thread when it is done.
    private let opening = DispatchGroup()

    /// Starts opening the files of `folder`, which holds a build that `records` describe.
    private init?(folder: URL, records: BuildRecords) {
        let manifest = folder.appendingPathComponent(BuildManifest.file).path
        guard let build = BuildManifest.build(inOutput: folder), let finished = FileWriter.changeTime(ofFile: manifest),
              let identity = FolderIdentity(path: folder.path) else { return nil }
        let root = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { return nil }
        self.build = build
        self.finished = finished
        self.identity = identity
        opening.enter()
        Thread { [self] in
            var parameters = sched_param()
            _ = sched_setscheduler(0, Self.idlePolicy, &parameters)  // this thread only
            if let record = records.load(build) {
                let files = record.files()
                let found = FolderChanges(holding: files.map(\.path), in: root, finishedAt: finished) { changes.withLock { $0.wanted } }
                changes.withLock { if !$0.wanted { $0.found = found } }
                openFiles(files, in: root)
            }
            Glibc.close(root)
            opening.leave()
        }.start()
    }

    /// Linux's scheduling policy for threads that run only on a core nothing else wants.
    private static let idlePolicy: Int32 = 5  // SCHED_IDLE

    /// The files of the spare folder beside `output`, being opened; nil when there is no
    /// spare, it holds no finished build, or builds keep no records.
    ///
    /// To hold them, the process's soft limit on open files is raised (as far as the hard
    /// limit allows) and stays raised.
    static func opening(besideOutput output: AtomicOutput, records: BuildRecords) -> SpareFiles? {
        guard records.folder != nil, let spare = output.spare else { return nil }
        return SpareFiles(folder: spare, records: records)
    }

    /// The files opened so far, by path, when `folder` is the spare folder they were opened in
    /// and still holds `build` as it was when that build finished at `finished`; closes them
    /// and returns nil otherwise. Whoever takes them closes each one.
    func take(in folder: URL, holding build: String?, finishedAt finished: Int?) -> [String: Int32]? {
        let descriptors = claim()
        guard build == self.build, finished == self.finished, FolderIdentity(path: folder.path) == identity else {
            Self.close(descriptors.values)
            return nil
        }
        return descriptors
    }

    /// The changes by hand to the folders of the spare, if the thread has looked at every
    /// one by now and `folder` is the spare folder, holding `build` as it was when that build
    /// finished at `finished`; nil otherwise. The thread looks no further once asked.
    func folderChanges(in folder: URL, holding build: String, finishedAt finished: Int) -> FolderChanges? {
        let found = changes.withLock { changes in
            changes.wanted = true
            return changes.found
        }
        guard build == self.build, finished == self.finished, FolderIdentity(path: folder.path) == identity else { return nil }
        return found
    }

    /// Waits until every file that can be opened is, for a caller with nothing else to do.
    func waitUntilOpened() {
        opening.wait()
    }

    /// Closes the files, unless they were taken or closed before.
    func close() {
        Self.close(claim().values)
    }

    /// The files opened so far, the first time; none after that.
    private func claim() -> [String: Int32] {
        state.withLock { state in
            guard !state.wanted else { return [:] }
            state.wanted = true
            defer { state.opened = [:] }
            return state.opened
        }
    }

    /// Opens, below `root`, those of `files` (all of the record's) with a build id in them
    /// that are there as the build left them when it finished (at their size, not changed
    /// since), until the files are wanted. (The manifest is not opened: a staging folder's is
    /// written last.)
    private func openFiles(_ files: [(path: String, file: BuildRecord.File)], in root: Int32) {
        // A file without a build id is left as it is, or written whole.
        let files = files.filter { $0.path != BuildManifest.file && !$0.file.buildIDOffsets.isEmpty }
        let limit = DescriptorLimit.raise(toHold: files.count, growingTableWith: root)
        state.withLock { $0.opened.reserveCapacity(min(files.count, limit)) }
        var count = 0
        for (path, file) in files where count < limit {
            // Once the files are wanted the folder is the build's, whose writes make every
            // file left unopenable: the thread stops rather than try each of them.
            guard !state.withLock({ $0.wanted }) else { return }
            guard let descriptor = FileWriter.openIfKept(path, in: root, size: file.size, unchangedSince: finished) else { continue }
            let kept = state.withLock { state in
                guard !state.wanted else { return false }
                state.opened[path] = descriptor
                return true
            }
            guard kept else { Glibc.close(descriptor); return }
            count += 1
        }
    }

    /// Closes `descriptors`.
    static func close(_ descriptors: some Collection<Int32>) {
        for descriptor in descriptors { Glibc.close(descriptor) }
    }
}

/// A folder's device and inode number.
private struct FolderIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64

    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}

/// The process's limit on open files.
private enum DescriptorLimit {
    /// Descriptors left for everything else the process opens.
    static let reserve = 256

    /// Raises the limit so that `count` more files can be open, as far as the system allows,
    /// and grows the table of descriptors to that size in one step by duplicating the open
    /// `descriptor` that high (grown one file at a time, it doubles a dozen times, and each
    /// time the system waits for the process's other threads); how many more may be opened.
    static func raise(toHold count: Int, growingTableWith descriptor: Int32) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        let wanted = rlim_t(count + 2 * reserve)
        if limit.rlim_cur < wanted, limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = min(wanted, limit.rlim_max)
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
            _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        let available = max(0, Int(min(limit.rlim_cur, wanted)) - 2 * reserve)
        let highest = fcntl(descriptor, F_DUPFD_CLOEXEC, Int32(min(Int(limit.rlim_cur) - 1, available + reserve)))
        if highest >= 0 { Glibc.close(highest) }
        return available
    }
}
