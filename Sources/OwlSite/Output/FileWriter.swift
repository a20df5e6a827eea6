import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a build's files into a folder, with the build id filled in.
struct FileWriter: Sendable {
    /// The folder written to, open: paths are opened relative to it.
    let root: Int32
    let buildID: String
    /// The build id's bytes, as written over the old one.
    private let buildIDBytes: [UInt8]
    /// Where files of the previous build are read from.
    let previousOutput: URL?

    /// A writer into the open folder `root`.
    init(root: Int32, buildID: String, previousOutput: URL?) {
        self.root = root
        self.buildID = buildID
        buildIDBytes = Array(buildID.utf8)
        self.previousOutput = previousOutput
    }

    /// Writes `file` at `path` below the root, where there is no file yet when `isNew`. An
    /// existing file is overwritten in place and cut to length, not truncated first:
    /// truncating a file to zero makes ext4 write it back on close, which made rewriting a
    /// site I/O-bound.
    func write(_ file: OutputFile, to path: String, isNew: Bool = false) throws {
        let bytes = try file.bytes(buildID: buildID, previousOutput: previousOutput)
        let descriptor = openat(root, path, O_WRONLY | O_CREAT | (isNew ? O_EXCL : 0) | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw cannotWrite(path) }
        defer { close(descriptor) }
        guard FileBytes.write(bytes, to: descriptor) else { throw cannotWrite(path) }
        guard isNew || ftruncate(descriptor, off_t(bytes.count)) == 0 else { throw cannotWrite(path) }
    }

    /// Writes the build id over the old one in `file` at `path`, whose other bytes are
    /// already in place, as the build that finished at `finished` (a change time) wrote
    /// them. The whole file is written when it is not there at its size, or when it was
    /// changed after that build finished (by hand: its bytes are no longer the record's).
    func writeBuildID(of file: OutputFile, to path: String, unchangedSince finished: Int) throws {
        guard !file.buildIDOffsets.isEmpty else { return try writeUnlessKept(file, to: path, unchangedSince: finished) }
        guard let descriptor = Self.openIfKept(path, in: root, size: file.size, unchangedSince: finished) else {
            return try write(file, to: path)
        }
        defer { close(descriptor) }
        try writeBuildID(of: file, into: descriptor, path: path)
    }

    /// The file at `path` below the open folder `root`, opened for writing, if it is there
    /// at `size` and unchanged since the build that finished at `finished` left it.
    static func openIfKept(_ path: String, in root: Int32, size: Int, unchangedSince finished: Int) -> Int32? {
        let descriptor = openat(root, path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, isKept(status, size: size, unchangedSince: finished) else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// Writes the build id over the old one in `file`, open as `descriptor`, whose other
    /// bytes are in place.
    func writeBuildID(of file: OutputFile, into descriptor: Int32, path: String) throws {
        for offset in file.buildIDOffsets {
            guard buildIDBytes.withUnsafeBytes({ pwrite(descriptor, $0.baseAddress!, $0.count, off_t(offset)) }) == buildIDBytes.count else {
                throw cannotWrite(path)
            }
        }
    }

    private func writeUnlessKept(_ file: OutputFile, to path: String, unchangedSince finished: Int) throws {
        if !Self.isKept(path, in: root, size: file.size, unchangedSince: finished) {
            try write(file, to: path)
        }
    }

    /// Whether the file at `path` below the open folder `root` is there at `size` and
    /// unchanged since the build that finished at `finished` left it.
    static func isKept(_ path: String, in root: Int32, size: Int, unchangedSince finished: Int) -> Bool {
        var status = stat()
        return fstatat(root, path, &status, 0) == 0 && isKept(status, size: size, unchangedSince: finished)
    }

    /// Whether a file with `status` is as the build that finished at `finished` left it.
    /// (Change times are stamped at a clock tick: a change within the tick in which the
    /// build finished is not seen.)
    private static func isKept(_ status: stat, size: Int, unchangedSince finished: Int) -> Bool {
        Int(status.st_size) == size && changeTime(status) <= finished
    }

    /// When the file at `path` last changed (its status's change time, which no one can
    /// set back), in nanoseconds; nil when there is no file.
    static func changeTime(ofFile path: String) -> Int? {
        var status = stat()
        return stat(path, &status) == 0 ? changeTime(status) : nil
    }

    private static func changeTime(_ status: stat) -> Int {
        Int(status.st_ctim.tv_sec) * 1_000_000_000 + Int(status.st_ctim.tv_nsec)
    }

    private func cannotWrite(_ path: String) -> SiteError {
        SiteError(file: path, "cannot write: \(String(cString: strerror(errno)))")
    }
}
