import Owl

/// What one build wrote, kept in `.owl-cache/builds/BUILD.bin` (BUILD: a hash of the whole
/// output, which names the record and appears nowhere in the output): every file's hash and
/// size, and every page's input key, version, manifest entry and older versions
/// (``PageHistory``). Later builds reuse its pages, update its folder in place and make
/// patches from its pages' versions without reading its files.
///
/// A record is read lazily: opening one reads two tables of fixed-size rows sorted by the
/// hash of their path, and a file or page entry is decoded only when it is looked up.
///
/// The pages' manifest entries and histories, most of a record's bytes, are kept apart in segment files
/// (`.owl-cache/builds/NAME.blobs`) that records share: a page taken unchanged from an
/// earlier build points to the segment that already holds its entries, so a rebuild writes
/// the entries of the pages it rendered, not of all of them (see ``encode(build:files:pages:newSegment:)``).
/// A rebuild that changed few files and pages makes its record by updating the previous
/// build's: the same tables with the rows of what changed replaced, and that record's entries
/// carried over as they are (``encode(build:updating:with:newSegment:)``).
struct BuildRecord: Sendable {
    /// One file of the build.
    struct File: Sendable, Equatable {
        /// Hash of the bytes.
        var hash: UInt64
        var size: Int
    }

    /// One page of the build.
    ///
    /// A class, never changed once made: a rebuild passes each of its thousands of pages from
    /// the record to the reused page, its files and the next record, and each copy of a
    /// structure retained and released its five references. A one-post rebuild of 10,000
    /// posts took 8 million instructions fewer deciding which pages to reuse, and 17 million
    /// fewer saving its record, with the class (callgrind).
    final class Page: Sendable {
        /// The hash of the page's inputs (``PageKey``).
        let key: UInt64
        /// The page's file below the output folder, as it was written.
        let file: String
        /// The page's version (``PageVersion``).
        let version: UInt64
        /// Whether the page carries its key and version.
        let carriesVersion: Bool
        /// The older versions with a patch to `version`, most recent first (``PageHistory/from``).
        let from: [UInt64]
        let output: File
        /// The page's older versions (``PageHistory``), in the cache's binary form.
        let history: SharedBytes
        /// The page's manifest entry in the cache's binary form.
        let binary: SharedBytes
        /// Where `history` and `binary` are kept, when they were read from a record: a record
        /// of a later build that takes the page unchanged points there again.
        let stored: Stored?
        /// The hash of `history` and then `binary` when they were made: a segment is not
        /// checked as a whole when its record is read (hundreds of megabytes at 100,000
        /// pages, hashed on every build), but page by page, when a page's entries are used
        /// (``hasIntactEntries``).
        let entriesHash: UInt64
        /// What the page's files (its own and its patches) add to the build's id
        /// (``PageFiles/buildShare``): kept, so that a later build that takes the page
        /// unchanged does not hash its files' paths again.
        let buildShare: UInt64

        /// A page whose entries hash to `entriesHash`; made from them when not given.
        init(key: UInt64, file: String, version: UInt64, carriesVersion: Bool, from: [UInt64], output: File,
             history: SharedBytes, binary: SharedBytes, stored: Stored? = nil, entriesHash: UInt64? = nil, buildShare: UInt64) {
            self.key = key
            self.file = file
            self.version = version
            self.carriesVersion = carriesVersion
            self.from = from
            self.output = output
            self.history = history
            self.binary = binary
            self.stored = stored
            self.entriesHash = entriesHash ?? Self.hash(history: history, binary: binary)
            self.buildShare = buildShare
        }

        /// Whether `history` and `binary` are as they were made: a damaged segment is never
        /// read as a page's versions.
        var hasIntactEntries: Bool { Self.hash(history: history, binary: binary) == entriesHash }

        private static func hash(history: SharedBytes, binary: SharedBytes) -> UInt64 {
            var hasher = ContentHasher()
            hasher.update(with: history)
            hasher.update(with: binary)
            return hasher.hash.value
        }
    }

    /// The segment file that keeps a page's history and manifest entry (of `segmentSize`
    /// bytes): the page's `history` and `binary` are slices of it, the one right after the other.
    struct Stored: Sendable, Equatable {
        var segment: String
        var segmentSize: Int
    }

    /// A record as ``encode(build:files:pages:newSegment:)`` makes it: the record's bytes,
    /// and the segment to save as `newSegment` first (empty when the record needs none), as
    /// the pieces to write one after the other: the entries of the pages, not copied.
    struct Encoded {
        /// The record's start: its header and tables, which its entries follow.
        var head: [UInt8]
        /// The entries a record made by updating another carries over from it, as that record
        /// holds them (``encode(build:updating:with:newSegment:)``); empty in a record made whole.
        var carried = SharedBytes([])
        /// The record's entries, kept apart from its head: they are written after it rather
        /// than copied behind it (megabytes, at the end of a build, when it holds the most).
        var entries: [UInt8]
        /// The record's bytes.
        var record: [UInt8] { head + Array(carried) + entries }
        var segment: [SharedBytes]
        /// The segments the record refers to (`newSegment` among them when it is not empty).
        var segmentNames: [String]
    }

    /// A table row: the path's hash, the hash and size of the file's bytes, and where the entry starts.
    struct Row {
        var pathHash: UInt64
        var hash: UInt64
        var size: Int
        var entry: Int

        /// The integers of a row in a record's table.
        static let fields = 4

        init(pathHash: UInt64, hash: UInt64, size: Int, entry: Int) {
            (self.pathHash, self.hash, self.size, self.entry) = (pathHash, hash, size, entry)
        }

        /// The row whose integers start `fields` (``table(_:offset:)``).
        init(_ fields: ArraySlice<UInt64>) {
            let first = fields.startIndex
            self.init(pathHash: fields[first], hash: fields[first + 1],
                      size: Int(truncatingIfNeeded: fields[first + 2]), entry: Int(truncatingIfNeeded: fields[first + 3]))
        }

        /// `rows`' integers one after the other, as a record's table holds them, each row's
        /// entry moved by `offset`.
        static func table(_ rows: [Row], offset: Int) -> [UInt64] {
            var table: [UInt64] = []
            table.reserveCapacity(rows.count * fields)
            for row in rows {
                table.append(row.pathHash)
                table.append(row.hash)
                table.append(UInt64(truncatingIfNeeded: row.size))
                table.append(UInt64(truncatingIfNeeded: offset + row.entry))
            }
            return table
        }
    }

    /// 7: pages share state files (``StateFile``), which the record lists with the other files.
    /// 8: each page's entry holds the hash of its entries in the segment (``Page/entriesHash``).
    /// 9: and its share of the build's id (``Page/buildShare``).
    /// 10: the header says how many bytes of the entries no row points to (``deadBytes``).
    /// 11: manifests hold their hashes as 8 bytes, not as hex text (``ManifestPage/write(to:)``).
    static let formatVersion = 11

    /// A record refers to at most this many segments: on a rebuild, the pages kept in the
    /// smaller segments, or in segments that hold mostly entries no longer used, have their
    /// entries written again into a new one.
    static let segmentLimit = 5

    let build: String
    /// The segments the pages' entries are kept in, by name, with their bytes.
    let segments: [(name: String, bytes: SharedBytes)]
    /// The record's bytes, without the checksum of its file.
    let bytes: SharedBytes
    /// The rows of the files' and of the pages' tables, each in the order of their path hashes.
    let fileRows: [Row]
    let pageRows: [Row]
    /// Where the entries start in `bytes`: right after the tables.
    let entriesStart: Int
    /// How many bytes of the entries no row points to: those a record made by updating
    /// another carried over for rows it replaced or left out.
    let deadBytes: Int

    /// The number of pages.
    var pageCount: Int { pageRows.count }

    /// The number of files.
    var fileCount: Int { fileRows.count }

    /// Opens a record from what ``encode(build:files:pages:newSegment:)`` wrote (all of it,
    /// not a slice: entries are found by their offset from its start), with `segment` giving
    /// the bytes of a segment by name; throws when the bytes are not a record of this version
    /// or a segment is missing or not of the size the record names.
    init(decoding bytes: SharedBytes, segment: (String) -> SharedBytes?) throws {
        guard bytes.startIndex == 0 else { throw BinaryReader.Malformed() }
        var input = BinaryReader(bytes)
        let header = try Self.header(&input)
        build = header.build
        deadBytes = header.deadBytes
        segments = try header.segments.map { name, size in
            guard let bytes = segment(name), bytes.count == size else { throw BinaryReader.Malformed() }
            return (name, bytes)
        }
        // A table's rows are read at once (``Row/table(_:offset:)``).
        func rows() throws -> [Row] {
            let count = try input.count()
            let table = try input.uint64s(count: count * Row.fields)
            return (0..<count).map { Row(table[($0 * Row.fields)...]) }
        }
        fileRows = try rows()
        pageRows = try rows()
        entriesStart = input.position
        guard deadBytes >= 0, deadBytes <= bytes.endIndex - entriesStart else { throw BinaryReader.Malformed() }
        let isInRecord = { (row: Row) in row.entry >= bytes.startIndex && row.entry < bytes.endIndex }
        guard fileRows.allSatisfy(isInRecord), pageRows.allSatisfy(isInRecord) else { throw BinaryReader.Malformed() }
        self.bytes = bytes
    }

    /// The file at `path` below the output folder (whose ``pathHash(_:)`` is `pathHash`, if given).
    func file(_ path: String, pathHash: UInt64? = nil) -> File? {
        guard let (index, _) = entry(path, hash: pathHash, in: fileRows) else { return nil }
        return File(hash: fileRows[index].hash, size: fileRows[index].size)
    }

    /// The file whose path below the output folder has the UTF-8 bytes `path`, and whose
    /// ``pathHash(_:)`` is `pathHash`, and its number among the record's files
    /// (``forEachFile(numbered:_:)``): a path read from another record is looked up without
    /// making a `String` of it.
    func fileEntry(utf8 path: SharedBytes, pathHash: UInt64) -> (file: File, number: Int)? {
        guard let (index, _) = entry(hash: pathHash, in: fileRows, matching: { (try? $0.blob())?.hasSameBytes(as: path) == true }) else { return nil }
        return (File(hash: fileRows[index].hash, size: fileRows[index].size), index)
    }

    /// Calls `body` with each file's path hash, path (its UTF-8 bytes, a slice of the record)
    /// and file, in no particular order. The survey of every file of a build reads them so: with a
    /// `String` made of each path (and of each folder), it took 126 million instructions of a
    /// one-post rebuild of 10,000 posts, and 44 million without.
    func forEachFile(_ body: (_ pathHash: UInt64, _ path: SharedBytes, _ file: File) -> Void) {
        forEachFile(numbered: 0..<fileCount) { _, pathHash, path, file in body(pathHash, path, file) }
    }

    /// Calls `body` with each of the files whose numbers among the record's files are in
    /// `numbers` (see ``fileEntry(_:pathHash:)``): its number, path hash, path and file. Parts
    /// of a record can so be read on several threads.
    func forEachFile(numbered numbers: Range<Int>, _ body: (_ number: Int, _ pathHash: UInt64, _ path: SharedBytes, _ file: File) -> Void) {
        for number in numbers {
            let row = fileRows[number]
            var reader = BinaryReader(bytes, at: row.entry)
            guard let path = try? reader.blob() else { continue }
            body(number, row.pathHash, path, File(hash: row.hash, size: row.size))
        }
    }

    /// The file at `path` below the output folder, and its number among the record's files
    /// (``forEachFile(numbered:_:)``); `pathHash`, when given, is ``pathHash(_:)`` of `path`.
    func fileEntry(_ path: String, pathHash: UInt64? = nil) -> (file: File, number: Int)? {
        guard let (index, _) = entry(path, hash: pathHash, in: fileRows) else { return nil }
        return (File(hash: fileRows[index].hash, size: fileRows[index].size), index)
    }

    /// The hash a record finds `path` by: a caller that looks a path up in several records
    /// can make it once and pass it.
    static func pathHash(_ path: String) -> UInt64 {
        ContentHash(path).value
    }

    /// The page at `path` below the site root (whose ``pathHash(_:)`` is `pathHash`, if given).
    func page(_ path: String, pathHash: UInt64? = nil) -> Page? {
        guard let (index, input) = entry(path, hash: pathHash, in: pageRows) else { return nil }
        return page(of: pageRows[index], readingFrom: input)?.page
    }

    /// The page of `row`, read by `input` placed after its path, and where its entry ends.
    private func page(of row: Row, readingFrom input: BinaryReader) -> (page: Page, end: Int)? {
        var reader = input
        guard let key = try? reader.uint64(), let file = try? reader.string(), let version = try? reader.uint64(),
              let carriesVersion = try? reader.bool(), let fromCount = try? reader.count(),
              let from = try? (0..<fromCount).map({ _ in try reader.uint64() }),
              let index = try? reader.int(), segments.indices.contains(index),
              let start = try? reader.int(), let historyCount = try? reader.int(), let binaryCount = try? reader.int(),
              let entriesHash = try? reader.uint64(), let buildShare = try? reader.uint64() else { return nil }
        let (name, segment) = segments[index]
        // Compared without sums: the numbers come from a file, and may be anything.
        guard start >= 0, historyCount >= 0, binaryCount >= 0, start <= segment.count, historyCount <= segment.count - start,
              binaryCount <= segment.count - start - historyCount else { return nil }
        let page = Page(
            key: key, file: file, version: version, carriesVersion: carriesVersion, from: from,
            output: File(hash: row.hash, size: row.size),
            history: segment[start..<(start + historyCount)],
            binary: segment[(start + historyCount)..<(start + historyCount + binaryCount)],
            stored: Stored(segment: name, segmentSize: segment.count), entriesHash: entriesHash, buildShare: buildShare
        )
        return (page, reader.position)
    }

    /// The number of the page at `path` among the record's pages, and where its entry ends.
    func pageEntry(_ path: String, pathHash: UInt64? = nil) -> (number: Int, end: Int)? {
        guard let (index, input) = entry(path, hash: pathHash, in: pageRows), let (_, end) = page(of: pageRows[index], readingFrom: input) else { return nil }
        return (index, end)
    }

    /// The number of the file at `path` among the record's files, and where its entry ends.
    func fileEntryEnd(_ path: String, pathHash: UInt64? = nil) -> (number: Int, end: Int)? {
        guard let (index, input) = entry(path, hash: pathHash, in: fileRows) else { return nil }
        return (index, input.position)
    }

    /// Whether the page at `path` (whose ``pathHash(_:)`` is `pathHash`, if given) has a file
    /// with bytes of this hash and size.
    func hasPage(_ path: String, pathHash: UInt64? = nil, hash: UInt64, size: Int) -> Bool {
        guard let (index, _) = entry(path, hash: pathHash, in: pageRows) else { return false }
        return pageRows[index].hash == hash && pageRows[index].size == size
    }

    /// Every file's path and size, in no particular order.
    func fileSizes() -> [(path: String, size: Int)] {
        fileRows.compactMap { row in
            var reader = BinaryReader(bytes, at: row.entry)
            return (try? reader.string()).map { ($0, row.size) }
        }
    }

    /// The paths of the files numbered `numbers` (``forEachFile(numbered:_:)``), in that order.
    func filePaths(numbered numbers: some Sequence<Int>) -> [String] {
        numbers.compactMap { number in
            var reader = BinaryReader(bytes, at: fileRows[number].entry)
            return try? reader.string()
        }
    }

    /// Every page's path, in no particular order.
    func pagePaths() -> [String] { paths(of: pageRows) }

    /// The paths of this build's pages that `pages`, a later build's, no longer have.
    func pagePathsGone(from pages: [RenderedPage]) -> [String] {
        // A reused page was one of this build's. Pages are gone only when this build had more
        // than stayed, which spares a set of every path on the usual rebuild.
        let stayed = pages.count { $0.reused != nil || page($0.path) != nil }
        guard pageCount > stayed else { return [] }
        let paths = Set(pages.map(\.path))
        return pagePaths().filter { !paths.contains($0) }
    }

    private func paths(of rows: some Sequence<Row>) -> [String] {
        rows.compactMap { row in
            var reader = BinaryReader(bytes, at: row.entry)
            return try? reader.string()
        }
    }

    /// The index in `rows` of `path` (whose path hash is `hash`, if given) and a reader placed after the entry's path.
    private func entry(_ path: String, hash: UInt64?, in rows: [Row]) -> (Int, BinaryReader)? {
        entry(hash: hash ?? Self.pathHash(path), in: rows) { (try? $0.matches(path)) == true }
    }

    /// The index in `rows` of the entry whose path hash is `hash` and whose path `matches`
    /// (given a reader at the entry's start, which it reads the path with), and that reader,
    /// placed after the path.
    private func entry(hash: UInt64, in rows: [Row], matching matches: (inout BinaryReader) -> Bool) -> (Int, BinaryReader)? {
        // Path hashes are spread evenly: found by interpolation (a rebuild looks up a few paths for each page).
        var low = rows.firstIndex(notBelowHash: hash, by: \.pathHash)
        while low < rows.count, rows[low].pathHash == hash {
            var reader = BinaryReader(bytes, at: rows[low].entry)
            if matches(&reader) { return (low, reader) }
            low += 1
        }
        return nil
    }

    /// Whether `name` is one ``encode(build:files:pages:newSegment:)`` may be given: hex
    /// digits and dashes, so that it names a file of the records' folder and no other.
    static func isSegmentName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { $0 == UInt8(ascii: "-") || ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }

    /// The names of the segments the record in `bytes` refers to (none when it is not a record).
    static func segmentNames(in bytes: SharedBytes) -> [String] {
        var input = BinaryReader(bytes)
        return (try? header(&input))?.segments.map(\.name) ?? []
    }

    /// A record's build, the names and sizes of its segments, and how many bytes of its
    /// entries are dead (``deadBytes``), read from its start.
    private static func header(_ input: inout BinaryReader) throws -> (build: String, segments: [(name: String, size: Int)], deadBytes: Int) {
        guard try input.int() == formatVersion else { throw BinaryReader.Malformed() }
        let build = try input.string()
        let segments = try (0..<input.count()).map { _ in
            let name = try input.string(), size = try input.int()
            guard isSegmentName(name) else { throw BinaryReader.Malformed() }
            return (name, size)
        }
        return (build, segments, try input.int())
    }

    /// Writes a record's header: the format's version, the build, the segments the record
    /// refers to with their sizes, and how many bytes of its entries are dead.
    static func writeHeader(build: String, segments: [(name: String, size: Int)], deadBytes: Int, to out: inout BinaryWriter) {
        out.int(formatVersion)
        out.string(build)
        out.int(segments.count)
        for (name, size) in segments {
            out.string(name)
            out.int(size)
        }
        out.int(deadBytes)
    }

    /// A record of `build` with `files` and `pages` (each page's path once), in its binary
    /// form, and the segment `newSegment` (a name ``isSegmentName(_:)`` accepts) with the
    /// entries of the pages that no segment kept holds: the pages rendered in this build,
    /// and those stored in segments beyond ``segmentLimit`` or with less than half of their
    /// bytes still in use.
    static func encode(build: String, files: [String: File], pages: [(path: String, page: Page)], newSegment: String) -> Encoded {
        // Pages come in runs from one segment: the last segment's name is compared (which
        // finds the same string at once) before its entry is looked up by name.
        var sizes: [String: Int] = [:], used: [String: Int] = [:]
        var run: (segment: String, size: Int, used: Int)?
        func endRun() {
            guard let run else { return }
            sizes[run.segment] = run.size
            used[run.segment, default: 0] += run.used
        }
        for (_, page) in pages {
            guard let stored = page.stored else { continue }
            if run?.segment != stored.segment {
                endRun()
                run = (stored.segment, stored.segmentSize, 0)
            }
            run!.used += page.history.count + page.binary.count
        }
        endRun()
        // Room is left for a new segment only when some page's entries must be written.
        let rendered = pages.contains { $0.page.stored == nil }
        var segmentNames = sizes.keys.sorted { (sizes[$0]!, $0) > (sizes[$1]!, $1) }
            .prefix(rendered ? segmentLimit - 1 : segmentLimit).filter { used[$0]! * 2 >= sizes[$0]! }
        var segmentIndices = Dictionary(uniqueKeysWithValues: segmentNames.enumerated().map { ($1, $0) })
        var segment: [SharedBytes] = [], segmentSize = 0

        var entries = BinaryWriter()
        // About what the entries take (a path, and a page's key, file, version and history):
        // reserved once, rather than grown by doubling at the end of a build, when it peaks.
        entries.reserve(files.count * 64 + pages.count * 176)
        var lastSegment: (name: String, index: Int)?
        var fileRows: [Row] = [], pageRows: [Row] = []
        fileRows.reserveCapacity(files.count)
        pageRows.reserveCapacity(pages.count)
        for (path, file) in files {
            fileRows.append(Row(pathHash: pathHash(path), hash: file.hash, size: file.size, entry: entries.bytes.count))
            entries.string(path)
        }
        for (path, page) in pages {
            pageRows.append(Row(pathHash: pathHash(path), hash: page.output.hash, size: page.output.size, entry: entries.bytes.count))
            if let stored = page.stored, let index = lastSegment?.name == stored.segment ? lastSegment?.index : segmentIndices[stored.segment] {
                lastSegment = (stored.segment, index)
                writePageEntry(path: path, page: page, segment: index, start: page.history.startIndex, to: &entries)
            } else {
                if segmentIndices[newSegment] == nil {
                    segmentIndices[newSegment] = segmentNames.count
                    segmentNames.append(newSegment)
                }
                writePageEntry(path: path, page: page, segment: segmentIndices[newSegment]!, start: segmentSize, to: &entries)
                segment += [page.history, page.binary]
                segmentSize += page.history.count + page.binary.count
            }
        }
        var out = BinaryWriter()
        writeHeader(build: build, segments: segmentNames.map { ($0, $0 == newSegment ? segmentSize : sizes[$0]!) }, deadBytes: 0, to: &out)
        let start = out.bytes.count + 16 + (fileRows.count + pageRows.count) * 32
        out.reserve(start)
        for rows in [fileRows, pageRows] {
            out.int(rows.count)
            // In the order of their path hashes, which are spread evenly: a comparison sort
            // took a rebuild of 10,000 posts 11 million instructions, the most of any one part
            // of saving its record; this, 3.2 million (``Swift/Array/sortedByHash(_:)``).
            out.uint64s(Row.table(rows.sortedByHash(\.pathHash), offset: start))
        }
        return Encoded(head: out.bytes, entries: entries.bytes, segment: segment, segmentNames: segmentNames)
    }

    /// Writes the entry of `page` at `path`, its history and binary kept in the segment
    /// numbered `segment` from `start` (a stored page's, where its segment has them: one
    /// right after the other).
    static func writePageEntry(path: String, page: Page, segment: Int, start: Int, to entries: inout BinaryWriter) {
        assert(page.stored == nil || page.binary.startIndex == page.history.endIndex, "a stored page's entries lie one after the other in its segment")
        entries.string(path)
        entries.uint64(page.key)
        entries.string(page.file)
        entries.uint64(page.version)
        entries.bool(page.carriesVersion)
        entries.int(page.from.count)
        for version in page.from { entries.uint64(version) }
        entries.int(segment)
        entries.int(start)
        entries.int(page.history.count)
        entries.int(page.binary.count)
        // Carried over as it was made, not made again: damaged entries stay found out.
        entries.uint64(page.entriesHash)
        entries.uint64(page.buildShare)
    }
}
