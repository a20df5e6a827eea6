import Hummingbird
import Synchronization

/// Recently served files, in memory.
///
/// A cached file is reused only while its status (inode, size, modification time) is
/// the one the caller found on disk (``ResolutionCache`` checks it), so an edit on disk
/// is not hidden; the dev server also empties the cache after each build.
final class FileCache: Sendable {
    /// Files larger than this are streamed from disk instead.
    static let largestCachedFile = 4 << 20
    private static let capacity = 128 << 20

    private struct Contents {
        var files: [String: ServedFile] = [:]
        var bytes = 0
    }

    private let contents = Mutex(Contents())

    /// The file at `path` in its version `status` if it is cached.
    func cachedFile(at path: String, status: FileStatus) -> ServedFile? {
        guard let cached = contents.withLock({ $0.files[path] }), cached.status == status else { return nil }
        return cached
    }

    /// The file at `path` in its version `status`, read now (after ``cachedFile(at:status:)``
    /// found no copy) and kept when small enough.
    func read(at path: String, status: FileStatus, contentType: ContentType) -> ServedFile? {
        guard let file = ServedFile(path: path, status: status, contentType: contentType) else { return nil }
        if status.size <= Self.largestCachedFile { store(file, at: path) }
        return file
    }

    /// The gzip form of `file`, compressed once and then kept.
    func gzipped(_ file: ServedFile, at path: String) -> ByteBuffer? {
        if let gzipped = file.gzipped { return gzipped }
        guard let compressed = file.body.withUnsafeReadableBytes(Gzip.compress) else { return nil }
        let buffer = ByteBuffer(bytes: compressed)
        var updated = file
        updated.gzipped = buffer
        if file.status.size <= Self.largestCachedFile { store(updated, at: path) }
        return buffer
    }

    /// Forgets every file (a new build was written).
    func removeAll() {
        contents.withLock { $0 = Contents() }
    }

    private func store(_ file: ServedFile, at path: String) {
        let size = file.body.readableBytes + (file.gzipped?.readableBytes ?? 0)
        contents.withLock { contents in
            if let old = contents.files[path] {
                contents.bytes -= old.body.readableBytes + (old.gzipped?.readableBytes ?? 0)
            }
            if contents.bytes + size > Self.capacity { contents = Contents() }
            contents.files[path] = file
            contents.bytes += size
        }
    }
}
