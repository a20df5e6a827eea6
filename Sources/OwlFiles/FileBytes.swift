#if canImport(Glibc)
import Glibc
#endif

/// Reading and writing whole files with plain system calls: reads bounded and of regular
/// files only, so that nothing a folder holds (a FIFO, `/dev/zero`, a file of many
/// gigabytes) can hang the reader or fill its memory.
package enum FileBytes {
    /// Why ``read(regularFile:in:limit:)`` read nothing.
    package enum ReadError: Error, Equatable {
        /// Opening, `fstat` or reading failed with this `errno`.
        case system(Int32)
        /// The entry is not a regular file, but this.
        case notAFile(FileKind)
        /// The file holds more than the limit.
        case tooLarge
    }

    /// The status and bytes of the regular file at `path` (relative to the open folder
    /// `folder`, if not absolute), when it holds at most `limit` bytes.
    package static func read(regularFile path: String, in folder: Int32 = AT_FDCWD, limit: Int) throws(ReadError) -> (status: FileStatus, bytes: [UInt8]) {
        let descriptor = openat(folder, path, openFlags)
        guard descriptor >= 0 else { throw .system(errno) }
        defer { close(descriptor) }
        return try read(opened: descriptor, limit: limit)
    }

    /// How a file is opened to be read: not blocking, for opening a FIFO would otherwise
    /// wait for a writer that never comes.
    package static let openFlags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY

    /// The status and bytes of the open `descriptor`, when it is a regular file of at most
    /// `limit` bytes; the caller closes it.
    package static func read(opened descriptor: Int32, limit: Int) throws(ReadError) -> (status: FileStatus, bytes: [UInt8]) {
        guard let status = FileStatus(descriptor: descriptor) else { throw .system(errno) }
        guard status.kind == .file else { throw .notAFile(status.kind) }
        guard status.size <= limit else { throw .tooLarge }
        guard let bytes = contents(of: descriptor, size: status.size, limit: limit) else { throw .system(errno) }
        // It may have grown since `fstat`.
        guard bytes.count <= limit else { throw .tooLarge }
        return (status, bytes)
    }

    /// The bytes of the file at `path` (relative to the open folder `folder`, if not absolute),
    /// read straight into the array at the size `fstat` gives (and on to the end, should it
    /// have grown); nil when it cannot be read. For files the caller wrote or trusts: it
    /// reads whatever is there, without a limit.
    package static func contents(ofFile path: String, in folder: Int32 = AT_FDCWD) -> [UInt8]? {
        let descriptor = openat(folder, path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let status = FileStatus(descriptor: descriptor) else { return nil }
        return contents(of: descriptor, size: status.size)
    }

    /// The bytes of the open file `descriptor`, from where it stands, read straight into
    /// an array of `size` (its `fstat` size) and on to the end, or past `limit` (then the
    /// result is longer than `limit`, which the caller refuses); nil when it cannot be read.
    package static func contents(of descriptor: Int32, size: Int, limit: Int = .max) -> [UInt8]? {
        // One byte more than the size: filling it means the file has grown, and is read on.
        let capacity = size + 1
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = fill(buffer, from: descriptor, failed: &failed)
        }
        var readsOn = bytes.count == capacity
        while readsOn, !failed, bytes.count <= limit {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 65_536) { chunk in
                let count = fill(chunk, from: descriptor, failed: &failed)
                bytes.append(contentsOf: chunk[..<count])
                readsOn = count == chunk.count
            }
        }
        return failed ? nil : bytes
    }

    /// Reads from `descriptor` until `buffer` is full or the file ends; the count read.
    private static func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>, from descriptor: Int32, failed: inout Bool) -> Int {
        var count = 0
        while count < buffer.count {
            let result = Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            if result < 0, errno == EINTR { continue }
            if result < 0 { failed = true }
            if result <= 0 { break }
            count += result
        }
        return count
    }

    /// Writes all of `bytes` to `descriptor`, going on after short writes and interruptions;
    /// false on an error.
    package static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { write($0, to: descriptor) }
    }

    /// Writes all of the bytes `buffer` points to, as ``write(_:to:)-([UInt8],_)`` writes an array's.
    package static func write(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var written = 0
        while written < buffer.count {
            let result = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { return false }
            written += result
        }
        return true
    }
}
