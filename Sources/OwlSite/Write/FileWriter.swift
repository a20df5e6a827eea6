import Foundation
import Owl
import OwlFiles
#if canImport(Glibc)
import Glibc
#endif

/// Writes a build's files into a folder.
struct FileWriter: Sendable {
    /// The folder written to, open: paths are opened relative to it.
    let root: Int32
    /// Its path, for deleting what is in a file's way.
    let rootPath: String
    /// The output folder the files are written for, which an error names them in: the
    /// folder written to is a staging folder, gone when the error is seen.
    let outputPath: String
    /// Where files that are ``OutputFile/Content/kept`` come from when the folder written to
    /// does not hold them: the previous output.
    let previousOutput: PreviousOutput?

    /// The previous output, open, and when the build it holds finished writing it.
    struct PreviousOutput: Sendable {
        /// The folder, open: the files kept from it are linked or read relative to it.
        let folder: Int32
        let path: String
        /// A change time (nanoseconds): a file not changed since holds what that build's
        /// record says. Nil when not known: its files are then copied, and checked as they are.
        let finished: Int?
    }

    /// A writer into the open folder `root`, at `rootPath`, of files for the output folder at `outputPath`.
    init(root: Int32, rootPath: String, outputPath: String, previousOutput: PreviousOutput?) {
        self.root = root
        self.rootPath = rootPath
        self.outputPath = outputPath
        self.previousOutput = previousOutput
    }

    /// Writes `file` at `path` below the root, where there is no file yet when `isNew`. An
    /// existing file is overwritten in place and cut to length, not truncated first:
    /// truncating a file to zero makes ext4 write it back on close, which made rewriting a
    /// site I/O-bound. When `makingFolders`, folders missing on the way are made.
    ///
    /// A file kept from the previous output is linked to it (``link(_:to:from:isNew:)``).
    /// So the folder written to may share a file with the previous output, which is served
    /// meanwhile: a file with more than one link is never written in place, but replaced.
    func write(_ file: OutputFile, to path: String, isNew: Bool = false, makingFolders: Bool = false) throws {
        if case .kept = file.content, let previousOutput, link(file, to: path, from: previousOutput, isNew: isNew) { return }
        let bytes = try self.bytes(of: file, at: path)
        let descriptor = openat(root, path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | (isNew ? O_EXCL : 0) | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            if makingFolders, errno == ENOENT {
                try makeFolders(holding: path)
                return try write(file, to: path, isNew: isNew)
            }
            // Something else where the file goes (a folder, a FIFO, a link put there by hand): it goes.
            if !isNew, errno == EISDIR || errno == ELOOP || errno == ENXIO {
                try? FileManager.default.removeItem(atPath: rootPath + "/" + path)
                return try write(file, to: path, isNew: false)
            }
            throw cannotWrite(path)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            close(descriptor)
            throw cannotWrite(path)
        }
        guard status.st_mode & S_IFMT == S_IFREG, status.st_nlink == 1 else {
            close(descriptor)
            // Not a regular file (put there by hand): it goes. A file linked elsewhere (to the
            // previous output's) is unlinked here only, and written as a new file.
            let isLinked = status.st_mode & S_IFMT == S_IFREG
            if isLinked, unlinkat(root, path, 0) == 0 { return try write(file, to: path, isNew: true) }
            try? FileManager.default.removeItem(atPath: rootPath + "/" + path)
            return try write(file, to: path, isNew: false)
        }
        defer { close(descriptor) }
        guard FileBytes.write(bytes, to: descriptor) else { throw cannotWrite(path) }
        guard isNew || ftruncate(descriptor, off_t(bytes.count)) == 0 else { throw cannotWrite(path) }
    }

    /// Puts the previous output's file at `path` in place as a hard link to it, when it is
    /// still as its build left it; false when it is not or cannot be linked (a file system
    /// without links), and its bytes are then copied (``bytes(of:at:)`` says what is wrong).
    ///
    /// Linked, not copied: a rebuild into a new folder (the first after a cold build, when
    /// there is no spare yet) copied every page of the site, a gigabyte at 100,000 posts, to
    /// change one. The two folders then share those files, which neither writes in place.
    /// The link changes the file's change time, so the previous output's files look changed
    /// since its build; ``OutputSurvey`` knows a file the two folders share by its inode.
    /// (Deleting the link does too: after a build that fails while writing, the next one
    /// renders the output's pages again rather than trust them.)
    private func link(_ file: OutputFile, to path: String, from previous: PreviousOutput, isNew: Bool) -> Bool {
        guard let finished = previous.finished, let status = Self.regularFileStatus(path, in: previous.folder),
              Self.isKept(status, size: file.size, unchangedSince: finished) else { return false }
        // What the folder holds there goes first; a folder in the way fails the link, and the copy deletes it.
        if !isNew { unlinkat(root, path, 0) }
        return linkat(previous.folder, path, root, path, 0) == 0
    }

    /// Makes the folders on the way to `path` that are missing (another thread may be making
    /// them at the same time).
    private func makeFolders(holding path: String) throws {
        var folder = ""
        for name in path.split(separator: "/").dropLast() {
            folder += folder.isEmpty ? String(name) : "/" + name
            guard mkdirat(root, folder, 0o755) == 0 || errno == EEXIST else { throw cannotWrite(folder) }
        }
    }

    /// The bytes of `file`: its own, or those of the previous output's file at `path`,
    /// checked against the file's hash.
    private func bytes(of file: OutputFile, at path: String) throws -> [UInt8] {
        switch file.content {
        case let .bytes(bytes):
            return bytes
        case .kept:
            // Copied: the folder written into does not hold them after all, or holds others.
            guard let previousOutput, let bytes = Self.regularFileContents(previousOutput.path + "/" + path),
                  bytes.count == file.size, XXH64.hash(bytes) == file.hash else {
                throw SiteError(file: previousOutput.map { $0.path + "/" + path } ?? path,
                                "changed while the site was being built; build again")
            }
            return bytes
        case let .source(source):
            // Read now, one file at a time, not held from the start of the build (through a
            // link, as the build read it: links in the sources were checked to stay inside
            // the site); as it was when the build found its hash, or the build stops.
            let bytes = try SourceText.bytes(ofFile: source, displayName: source)
            guard bytes.count == file.size, XXH64.hash(bytes) == file.hash else {
                throw SiteError(file: source, "changed while the site was being built; build again")
            }
            return bytes
        }
    }

    /// The bytes of the regular file at `path`, opened without following a link or waiting
    /// on a FIFO; nil when there is none.
    static func regularFileContents(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileBytes.contents(of: descriptor, size: Int(status.st_size))
    }

    /// Whether the file at `path` below the open folder `root` is there at `size` and
    /// unchanged since the build that finished at `finished` left it.
    static func isKept(_ path: String, in root: Int32, size: Int, unchangedSince finished: Int) -> Bool {
        regularFileStatus(path, in: root).map { isKept($0, size: size, unchangedSince: finished) } ?? false
    }

    /// The status of the regular file at `path` below the open folder `root` (not following
    /// a link); nil when there is none.
    static func regularFileStatus(_ path: String, in root: Int32) -> stat? {
        path.withCString { regularFileStatus($0, in: root) }
    }

    /// The status of the regular file at the C string `path` below the open folder `root`
    /// (not following a link); nil when there is none.
    static func regularFileStatus(_ path: UnsafePointer<CChar>, in root: Int32) -> stat? {
        var status = stat()
        guard fstatat(root, path, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return status
    }

    /// Whether a file with `status` is as the build that finished at `finished` left it
    /// (``now()`` gives a `finished` that a later change's time is always after).
    static func isKept(_ status: stat, size: Int, unchangedSince finished: Int) -> Bool {
        Int(status.st_size) == size && changeTime(status) <= finished
    }

    /// The time now, in nanoseconds, as change times are given: every file written before
    /// has a change time not after it, and every file changed after has one after it.
    ///
    /// The system stamps a change with its coarse clock, which runs a tick (1 to 10 ms)
    /// behind the fine one, unless the file's times were read since its last change (then
    /// with the fine clock). A file changed just after a build finished could so carry a
    /// time before the one the build recorded, and look unchanged. So this takes the fine
    /// clock's time and waits until the coarse clock has passed it (a few milliseconds;
    /// tested by a folder made right after a build).
    static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        let finished = Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
        while coarseTime() <= finished { usleep(500) }
        return finished
    }

    /// The coarse real-time clock, which file times are taken from, in nanoseconds.
    private static func coarseTime() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &time)
        return Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
    }

    /// When the file at `path` last changed (its status's change time, which no one can set
    /// back), in nanoseconds; nil when there is nothing there.
    static func changeTime(ofFile path: String) -> Int? {
        var status = stat()
        return lstat(path, &status) == 0 ? changeTime(status) : nil
    }

    private static func changeTime(_ status: stat) -> Int {
        FileStatus.nanoseconds(status.st_ctim)
    }

    /// An error naming the file at `path` in the output (a bare path below it would read as
    /// one of the sources), with the system's reason ("No space left on device").
    private func cannotWrite(_ path: String) -> SiteError {
        SiteError(file: outputPath + "/" + path, "cannot write: \(String(cString: strerror(errno)))")
    }
}
