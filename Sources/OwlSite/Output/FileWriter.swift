import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a build's files into a folder, with the build id filled in.
struct FileWriter: Sendable {
    /// The folder written to.
    let root: String
    let buildID: String
    /// Where files of the previous build are read from.
    let previousOutput: URL?

    /// Writes `file` at `path` below the root. An existing file is overwritten in place and
    /// cut to length, not truncated first: truncating a file to zero makes ext4 write it
    /// back on close, which made rewriting a site I/O-bound.
    func write(_ file: OutputFile, to path: String) throws {
        let bytes = try file.bytes(buildID: buildID, previousOutput: previousOutput)
        let descriptor = open(root + "/" + path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw cannotWrite(path) }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            guard result > 0 else { throw cannotWrite(path) }
            written += result
        }
        guard ftruncate(descriptor, off_t(bytes.count)) == 0 else { throw cannotWrite(path) }
    }

    /// Writes the build id over the old one in `file` at `path`, whose other bytes are
    /// already in place; the whole file when it is not there at its size.
    func writeBuildID(of file: OutputFile, to path: String) throws {
        guard !file.buildIDOffsets.isEmpty else { return try writeIfMissing(file, to: path) }
        let descriptor = open(root + "/" + path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return try write(file, to: path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, Int(status.st_size) == file.size else { return try write(file, to: path) }
        let id = Array(buildID.utf8)
        for offset in file.buildIDOffsets {
            guard id.withUnsafeBytes({ pwrite(descriptor, $0.baseAddress!, id.count, off_t(offset)) }) == id.count else {
                throw cannotWrite(path)
            }
        }
    }

    private func writeIfMissing(_ file: OutputFile, to path: String) throws {
        var status = stat()
        if stat(root + "/" + path, &status) != 0 || Int(status.st_size) != file.size { try write(file, to: path) }
    }

    private func cannotWrite(_ path: String) -> SiteError {
        SiteError(file: path, "cannot write: \(String(cString: strerror(errno)))")
    }
}
