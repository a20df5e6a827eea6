#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Hummingbird
import OwlFiles

/// The served folder as Hummingbird's `FileMiddleware` reads it.
///
/// `FileMiddleware` answers ranges, `ETag`/`If-None-Match`, `If-Modified-Since`, `HEAD`
/// and folder redirects; this provider decides what a request path names. Only regular
/// files and folders inside the folder are found (`RealPath.open(_:inside:)`): a link is
/// followed only when it ends inside, and anything else (a link out, a FIFO, a device) is
/// missing. HTML pages get the live tag (``LiveMeta``).
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
        let url = URL(fileURLWithPath: path).standardizedFileURL
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
        guard path.utf8.first == UInt8(ascii: "/"), !Self.hasRefusedBytes(path.utf8) else { return nil }
        // A path ending in `/` stands for its folder's `index.html`, which `FileMiddleware`
        // asks for next and which is looked up as any file is, inside the folder or not at
        // all: looking the folder up first would walk the same path twice for every page.
        guard path.utf8.last != UInt8(ascii: "/") else { return Self.folder(path) }
        guard let (descriptor, resolved) = RealPath.open(path, inside: root) else { return nil }
        defer { close(descriptor) }
        let isPage = LiveMeta.isPage(resolved)
        // A folder or a FIFO is found out by `fstat`, and neither is read. Pages are read
        // whole at any size.
        do throws(FileBytes.ReadError) {
            var (status, bytes) = try FileBytes.read(opened: descriptor, limit: isPage ? .max : Self.largestReadFile)
            if isPage { bytes = LiveMeta.inject(into: bytes) }
            let attributes = FileAttributes(isFolder: false, size: bytes.count, modificationDate: .init(status))
            return FileIdentifier(path: resolved, attributes: attributes, contents: ByteBuffer(bytes: bytes))
        } catch .notAFile(.folder) {
            return Self.folder(resolved)
        } catch .tooLarge {
            guard let status = FileStatus(descriptor: descriptor) else { return nil }
            return FileIdentifier(path: resolved, attributes: .init(isFolder: false, size: status.size, modificationDate: .init(status)))
        } catch {
            return nil
        }
    }

    /// A folder: `FileMiddleware` redirects to its path with a `/`, or asks for its index.
    private static func folder(_ path: String) -> FileIdentifier {
        FileIdentifier(path: path, attributes: .init(isFolder: true, size: 0, modificationDate: .distantPast))
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
}

extension Date {
    /// The moment `status` says the file was last modified, nanoseconds kept: they tell
    /// two versions written in the same second apart in `FileMiddleware`'s `ETag`.
    fileprivate init(_ status: FileStatus) {
        self.init(timeIntervalSince1970: status.modified)
    }
}
