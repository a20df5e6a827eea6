import Foundation

/// What one build wrote, kept in `.owl-cache/builds/BUILD.bin`: every file's hash and where
/// its build id sits, and every page's input key and manifest entry. Later builds reuse its
/// pages, update its folder in place and diff against it without reading its files.
struct BuildRecord: Sendable {
    /// One file of the build.
    struct File: Sendable, Equatable {
        /// Hash of the bytes with the build id blanked.
        var hash: UInt64
        var size: Int
        var buildIDOffsets: [Int]
    }

    /// One page of the build.
    struct Page: Sendable {
        /// The hash of the page's inputs (``PageKey``).
        var key: UInt64
        /// The page's file below the output folder.
        var file: String
        /// The page's entry in `build.json`, as the manifest writes it.
        var json: ArraySlice<UInt8>
        /// The page's entry in the cache's binary form.
        var binary: ArraySlice<UInt8>
    }

    private static let formatVersion = 2

    var build: String
    /// Files by path below the output folder.
    var files: [String: File]
    /// Pages by path below the site root.
    var pages: [String: Page]

    /// The record in the cache's binary form.
    func encoded() -> [UInt8] {
        var out = BinaryWriter()
        out.reserve(files.count * 64 + pages.values.reduce(64) { $0 + $1.json.count + $1.binary.count + 96 })
        out.int(Self.formatVersion)
        out.string(build)
        out.int(files.count)
        for (path, file) in files {
            out.string(path)
            out.int(Int(bitPattern: UInt(file.hash)))
            out.int(file.size)
            out.int(file.buildIDOffsets.count)
            for offset in file.buildIDOffsets { out.int(offset) }
        }
        out.int(pages.count)
        for (path, page) in pages {
            out.string(path)
            out.int(Int(bitPattern: UInt(page.key)))
            out.string(page.file)
            out.blob(page.json)
            out.blob(page.binary)
        }
        return out.bytes
    }

    /// Reads what ``encoded()`` wrote; throws when the bytes are not a record of this version.
    init(decoding bytes: [UInt8]) throws {
        var input = BinaryReader(bytes)
        guard try input.int() == Self.formatVersion else { throw BinaryReader.Malformed() }
        build = try input.string()
        let fileCount = try input.count()
        files = Dictionary(minimumCapacity: fileCount)
        for _ in 0..<fileCount {
            let path = try input.string()
            let hash = UInt64(UInt(bitPattern: try input.int()))
            let size = try input.int()
            let offsets = try (0..<input.count()).map { _ in try input.int() }
            files[path] = File(hash: hash, size: size, buildIDOffsets: offsets)
        }
        let pageCount = try input.count()
        pages = Dictionary(minimumCapacity: pageCount)
        for _ in 0..<pageCount {
            let path = try input.string()
            let key = UInt64(UInt(bitPattern: try input.int()))
            pages[path] = Page(key: key, file: try input.string(), json: try input.blob(), binary: try input.blob())
        }
        guard input.isAtEnd else { throw BinaryReader.Malformed() }
    }

    /// A record of `build`.
    init(build: String, files: [String: File], pages: [String: Page]) {
        (self.build, self.files, self.pages) = (build, files, pages)
    }
}
