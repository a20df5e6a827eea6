import Foundation
import Hummingbird
import OwlFiles

/// The served folder as Hummingbird's `FileMiddleware` reads it.
///
/// `FileMiddleware` answers ranges, `ETag`/`If-None-Match`, `If-Modified-Since`, `HEAD`
/// and folder redirects; this provider decides what a request path names. Only regular
/// files and folders inside the folder are found: a path is resolved with `realpath`, so
/// a link is followed only when it ends inside, and anything else (a link out, a FIFO, a
/// device) is missing. HTML pages get the live tag (``LiveMeta``).
///
/// Nothing is cached: every request reads the file's status anew, so a file changed by
/// something else is served in its new version. Pages and files up to
/// ``largestReadFile`` are read whole while found, so that the length `FileMiddleware`
/// announces and the bytes sent are one version; larger files are streamed by `FileIO`.
struct SiteFiles: FileProvider {
    /// What `FileMiddleware` needs to know of a file.
    struct FileAttributes: FileMiddlewareFileAttributes, Sendable {
        var isFolder: Bool
        /// The length of the body as sent (a page's with the live tag).
        var size: Int
        var modificationDate: Date
    }

    /// A file or folder found for one request.
    struct FileIdentifier: Sendable {
        /// The resolved path, inside the folder.
        var path: String
        var attributes: FileAttributes
        /// The body as sent; nil for a large file, streamed from disk.
        var contents: ByteBuffer?
    }

    /// Files larger than this (but pages) are streamed rather than read whole.
    static let largestReadFile = 1 << 20

    /// The folder's resolved absolute path.
    let root: String
    private let fileIO = FileIO()

    /// The folder at `path`, which the first build may have yet to make: then its parent
    /// folder is resolved, and the folder's name put after it.
    init(folder path: String) {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let url = URL(fileURLWithPath: absolute).standardizedFileURL
        root = RealPath.resolve(url.path)
            ?? RealPath.resolve(url.deletingLastPathComponent().path).map { $0 + "/" + url.lastPathComponent }
            ?? url.path
    }

    /// Whether the folder is there to serve.
    var isServing: Bool { FileStatus(path: root)?.kind == .folder }

    /// The file or folder `path` (as the request names it, percent-decoded, without
    /// `..`, which `FileMiddleware` refuses) stands for; nil when there is none inside.
    func getFileIdentifier(_ path: String) -> FileIdentifier? {
        // Empty segments would make a redirect protocol-relative (`//host/`); control
        // characters and backslashes name nothing a build writes.
        guard path.utf8.first == UInt8(ascii: "/"), !Self.hasRefusedBytes(path.utf8),
            let resolved = RealPath.resolve(root + path, inside: root), let status = FileStatus(path: resolved)
        else { return nil }
        switch status.kind {
        case .folder:
            return FileIdentifier(path: resolved, attributes: .init(isFolder: true, size: 0, modificationDate: .init(status)))
        case .file:
            return read(resolved, status: status)
        default:
            return nil
        }
    }

    /// Whether `path` has an empty segment, a backslash or a control character.
    private static func hasRefusedBytes(_ path: String.UTF8View) -> Bool {
        zip(path, path.dropFirst()).contains { $0 == UInt8(ascii: "/") && $1 == UInt8(ascii: "/") }
            || path.contains { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }
    }

    func getAttributes(id: FileIdentifier) async throws -> FileAttributes? {
        id.attributes
    }

    func loadFile(id: FileIdentifier, context: some RequestContext) async throws -> ResponseBody {
        try await loadFile(id: id, range: 0...Int.max, context: context)
    }

    /// The part `range` of the file; a range starting past its end is not satisfiable.
    func loadFile(id: FileIdentifier, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        let size = id.attributes.size
        guard size > 0 else { return ResponseBody() }
        guard range.lowerBound < size else {
            throw HTTPError(.rangeNotSatisfiable, headers: [.contentRange: "bytes */\(size)"])
        }
        let span = range.clamped(to: 0...size - 1)
        if let contents = id.contents {
            return ResponseBody(byteBuffer: contents.getSlice(at: span.lowerBound, length: span.count) ?? ByteBuffer())
        }
        // Never more than the length announced, should the file have grown since.
        return try await fileIO.loadFile(path: id.path, range: span, context: context)
    }

    /// The regular file at `path`, read whole when it is a page or small.
    private func read(_ path: String, status: FileStatus) -> FileIdentifier? {
        let isPage = LiveMeta.isPage(path)
        guard isPage || status.size <= Self.largestReadFile else {
            return FileIdentifier(path: path, attributes: .init(isFolder: false, size: status.size, modificationDate: .init(status)))
        }
        guard var (status, bytes) = try? FileBytes.read(regularFile: path, limit: .max) else { return nil }
        if isPage { bytes = LiveMeta.inject(into: bytes) }
        let attributes = FileAttributes(isFolder: false, size: bytes.count, modificationDate: .init(status))
        return FileIdentifier(path: path, attributes: attributes, contents: ByteBuffer(bytes: bytes))
    }
}

extension Date {
    /// The moment `status` says the file was last modified, nanoseconds kept: they tell
    /// two versions written in the same second apart in `FileMiddleware`'s `ETag`.
    fileprivate init(_ status: FileStatus) {
        self.init(timeIntervalSince1970: status.modified)
    }
}
