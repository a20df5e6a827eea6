import Foundation
import OwlFiles
#if canImport(Glibc)
import Glibc
#endif

/// Reading source files, bounded, and as UTF-8 text, with errors naming the file and line.
///
/// Every source file a build reads comes through ``bytes(ofFile:in:displayName:limit:)``:
/// it is opened without waiting (a FIFO would block the open), read only when it is a regular
/// file (a FIFO or `/dev/zero` would hang the build or fill its memory), and only up to a
/// limit: ``textLimit`` for what is parsed, ``copiedLimit`` for what is copied.
enum SourceText {
    /// The most bytes a source that is read as text may hold: `owl.yml`, a Markdown file, a
    /// data file, a template. 16 MiB is a book of some 2.5 million words.
    static let textLimit = 16 << 20
    /// The most bytes a file that is copied as it is (`static/`, `content/`'s other files, the
    /// theme's assets) may hold: the build holds each in memory, so 1 GiB.
    static let copiedLimit = 1 << 30

    /// The bytes of `url`, up to `limit`, or an error naming `displayName`.
    static func bytes(_ url: URL, displayName: String, limit: Int = copiedLimit) throws -> [UInt8] {
        try bytes(ofFile: url.path, displayName: displayName, limit: limit)
    }

    /// The bytes of the file at `path` (relative to the open folder `folder`, if not
    /// absolute); an error naming it as `displayName` when it cannot be read, is not a
    /// regular file, or holds more than `limit` bytes.
    static func bytes(ofFile path: String, in folder: Int32 = AT_FDCWD, displayName: String, limit: Int = copiedLimit) throws -> [UInt8] {
        do throws(FileBytes.ReadError) {
            return try FileBytes.read(regularFile: path, in: folder, limit: limit).bytes
        } catch {
            switch error {
            case .system(let code):
                throw SiteError(file: displayName, "cannot read the file: \(String(cString: strerror(code)))")
            case .notAFile(let kind):
                throw SiteError(file: displayName, "\(kind.described), not a file: a build reads regular files only")
            case .tooLarge:
                let size = limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
                throw SiteError(file: displayName, "more than \(size), which is as much as owl-site reads of a \(limit == textLimit ? "text" : "file")")
            }
        }
    }

    /// Asks the system to start reading all of `paths` now, in the background, from both
    /// cores (the build waits for this). Read one by one from a cold page cache, small files
    /// come one disk round trip at a time; asked for at once, the reads are merged and
    /// queued together (10,000 posts of a cold site: 0.7 s on two threads, 0.2 s with this
    /// first). When a sample of them is in the page cache, as after an edit or a checkout,
    /// the others most likely are too, and none is asked for: opening every file one more
    /// time would only hold the build up (0.03 to 0.07 s for 10,000 posts, on one thread).
    static func prefetch(_ paths: [String]) {
        #if canImport(Glibc)
        guard !sampleIsInMemory(paths) else { return }
        _ = try? paths.concurrentMap { path in
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_WILLNEED)
            close(descriptor)
        }
        #endif
    }

    /// Whether the files of a sample of `paths`, spread over the list, are all in memory:
    /// when they are, ``prefetch(_:)`` asks for none.
    static func sampleIsInMemory(_ paths: [String]) -> Bool {
        let sampleSize = 16
        return stride(from: 0, to: paths.count, by: max(1, paths.count / sampleSize)).allSatisfy { isInMemory(paths[$0]) }
    }

    /// Whether the first page of the file at `path` is in the page cache (an empty file's
    /// is: there is nothing to read); false when that cannot be told.
    static func isInMemory(_ path: String) -> Bool {
        #if canImport(Glibc)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        guard status.st_size > 0 else { return true }
        guard let map = mmap(nil, 1, PROT_READ, MAP_SHARED, descriptor, 0), map != MAP_FAILED else { return false }
        defer { munmap(map, 1) }
        var resident: UInt8 = 0
        return mincore(map, 1, &resident) == 0 && resident & 1 == 1
        #else
        return false
        #endif
    }

    /// The text of `url`, up to ``textLimit``; invalid UTF-8 is an error naming the line it is on.
    static func read(_ url: URL, displayName: String) throws -> String {
        try decode(bytes(url, displayName: displayName, limit: textLimit), displayName: displayName)
    }

    /// `bytes` as a string, without the byte-order mark some editors put first, or an error
    /// at the line of the first invalid UTF-8 sequence.
    static func decode(_ bytes: [UInt8], displayName: String) throws -> String {
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        if let text = String(validating: text, as: UTF8.self) { return text }
        let offset = firstInvalidOffset(bytes)
        let line = bytes[..<offset].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        throw SiteError(file: displayName, line: line, "invalid UTF-8 (byte \(offset))")
    }

    private static func firstInvalidOffset(_ bytes: [UInt8]) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(encoded): offset += encoded.count
            case .emptyInput: return offset
            case .error: return offset
            }
        }
    }
}
