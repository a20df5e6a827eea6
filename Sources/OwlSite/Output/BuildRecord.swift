import Owl

/// What one build wrote, kept in `.owl-cache/builds/BUILD.bin`: every file's hash and where
/// its build id sits, and every page's input key and manifest entry. Later builds reuse its
/// pages, update its folder in place and diff against it without reading its files.
///
/// A record is read lazily: opening one reads two tables of fixed-size rows sorted by the
/// hash of their path, and a file or page entry is decoded only when it is looked up.
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
        /// The page's file below the output folder, as it was written.
        var file: String
        var output: File
        /// The page's entry in `build.json`, as the manifest writes it.
        var json: SharedBytes
        /// The page's entry in the cache's binary form.
        var binary: SharedBytes
    }

    /// A table row: the path's hash, the hash and size of the file's bytes, and where the entry starts.
    private struct Row {
        var pathHash: UInt64
        var hash: UInt64
        var size: Int
        var entry: Int
    }

    private static let formatVersion = 3

    let build: String
    private let bytes: SharedBytes
    private let fileRows: [Row]
    private let pageRows: [Row]

    /// The number of pages.
    var pageCount: Int { pageRows.count }

    /// The number of files.
    var fileCount: Int { fileRows.count }

    /// Opens a record from what ``encode(build:files:pages:)`` wrote (all of it, not a slice:
    /// entries are found by their offset from its start); throws when the bytes are not a
    /// record of this version.
    init(decoding bytes: SharedBytes) throws {
        guard bytes.startIndex == 0 else { throw BinaryReader.Malformed() }
        var input = BinaryReader(bytes)
        guard try input.int() == Self.formatVersion else { throw BinaryReader.Malformed() }
        build = try input.string()
        func rows() throws -> [Row] {
            try (0..<input.count()).map { _ in
                Row(pathHash: try input.uint64(), hash: try input.uint64(), size: try input.int(), entry: try input.int())
            }
        }
        fileRows = try rows()
        pageRows = try rows()
        guard (fileRows + pageRows).allSatisfy({ $0.entry >= bytes.startIndex && $0.entry < bytes.endIndex }) else { throw BinaryReader.Malformed() }
        self.bytes = bytes
    }

    /// The file at `path` below the output folder.
    func file(_ path: String) -> File? {
        guard let (row, input) = entry(path, in: fileRows) else { return nil }
        var reader = input
        guard let offsets = try? (0..<reader.count()).map({ _ in try reader.int() }) else { return nil }
        return File(hash: row.hash, size: row.size, buildIDOffsets: offsets)
    }

    /// The page at `path` below the site root.
    func page(_ path: String) -> Page? {
        guard let (row, input) = entry(path, in: pageRows) else { return nil }
        var reader = input
        guard let key = try? reader.uint64(), let file = try? reader.string(),
              let offsets = try? (0..<reader.count()).map({ _ in try reader.int() }),
              let json = try? reader.blob(), let binary = try? reader.blob() else { return nil }
        return Page(key: key, file: file, output: File(hash: row.hash, size: row.size, buildIDOffsets: offsets), json: json, binary: binary)
    }

    /// Whether the page at `path` has a file with bytes of this hash and size.
    func hasPage(_ path: String, hash: UInt64, size: Int) -> Bool {
        guard let (row, _) = entry(path, in: pageRows) else { return false }
        return row.hash == hash && row.size == size
    }

    /// Every file's path, in no particular order.
    func filePaths() -> [String] { paths(of: fileRows) }

    /// Every page's path, in no particular order.
    func pagePaths() -> [String] { paths(of: pageRows) }

    private func paths(of rows: [Row]) -> [String] {
        rows.compactMap { row in
            var reader = BinaryReader(bytes, at: row.entry)
            return try? reader.string()
        }
    }

    /// The row of `path` and a reader placed after the entry's path.
    private func entry(_ path: String, in rows: [Row]) -> (Row, BinaryReader)? {
        let hash = ContentHash(path).value
        var low = 0, high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if rows[middle].pathHash < hash { low = middle + 1 } else { high = middle }
        }
        while low < rows.count, rows[low].pathHash == hash {
            var reader = BinaryReader(bytes, at: rows[low].entry)
            if (try? reader.matches(path)) == true { return (rows[low], reader) }
            low += 1
        }
        return nil
    }

    /// A record of `build` with `files` and `pages`, in its binary form.
    static func encode(build: String, files: [String: File], pages: [String: Page]) -> [UInt8] {
        var entries = BinaryWriter()
        var fileRows: [Row] = [], pageRows: [Row] = []
        fileRows.reserveCapacity(files.count)
        pageRows.reserveCapacity(pages.count)
        for (path, file) in files {
            fileRows.append(Row(pathHash: ContentHash(path).value, hash: file.hash, size: file.size, entry: entries.bytes.count))
            entries.string(path)
            entries.int(file.buildIDOffsets.count)
            for offset in file.buildIDOffsets { entries.int(offset) }
        }
        for (path, page) in pages {
            pageRows.append(Row(pathHash: ContentHash(path).value, hash: page.output.hash, size: page.output.size, entry: entries.bytes.count))
            entries.string(path)
            entries.uint64(page.key)
            entries.string(page.file)
            entries.int(page.output.buildIDOffsets.count)
            for offset in page.output.buildIDOffsets { entries.int(offset) }
            entries.blob(page.json)
            entries.blob(page.binary)
        }
        var out = BinaryWriter()
        out.int(formatVersion)
        out.string(build)
        let start = out.bytes.count + 16 + (fileRows.count + pageRows.count) * 32
        out.reserve(start + entries.bytes.count)
        for rows in [fileRows, pageRows] {
            out.int(rows.count)
            for row in rows.sorted(by: { $0.pathHash < $1.pathHash }) {
                out.uint64(row.pathHash)
                out.uint64(row.hash)
                out.int(row.size)
                out.int(start + row.entry)
            }
        }
        out.append(entries.bytes)
        return out.bytes
    }
}
