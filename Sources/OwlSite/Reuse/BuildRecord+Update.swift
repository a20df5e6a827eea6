extension BuildRecord {
    /// What a build changed of the record of the build before it: the files and pages it
    /// added, changed or left out. Every other file and page is as that record has it.
    struct Changes {
        /// The files added or changed, by path.
        var files: [String: File] = [:]
        /// The paths of the earlier build's files that this build does not have.
        var removedFiles: [String] = []
        /// The pages added or changed (each path once).
        var pages: [(path: String, page: Page)] = []
        /// The paths of the earlier build's pages that this build does not have.
        var removedPages: [String] = []

        /// How many files and pages changed.
        var count: Int { files.count + removedFiles.count + pages.count + removedPages.count }

        /// Changes of the given files and pages.
        init(files: [String: File] = [:], removedFiles: [String] = [], pages: [(path: String, page: Page)] = [], removedPages: [String] = []) {
            (self.files, self.removedFiles, self.pages, self.removedPages) = (files, removedFiles, pages, removedPages)
        }

        /// What a build changed of `previous`, the record of the build before it: the pages
        /// it rendered (those of `pages` at `rendered`, with their `files`), the files of
        /// theirs and the files besides the pages' own (`otherFiles`) that are new or
        /// changed, and the pages and files gone. The pages it reused, and their files, are
        /// as `previous` has them. `table` is every file of the build.
        ///
        /// Nil when the files gone are not all among those of the pages rendered or gone
        /// (a copied file or a feed the build no longer has): the count of the build's
        /// files tells, which is that of `previous` with the files added and those gone.
        init?(since previous: BuildRecord, pages: [RenderedPage], files: [PageFiles], rendered: [Int],
              otherFiles: [String: OutputFile], table: [String: OutputFile]) {
            var earlierFiles: [String] = []
            func noteEarlierFiles(ofPage path: String) {
                guard let earlier = previous.page(path) else { return }
                earlierFiles += PageFiles.paths(of: earlier, key: PageVersion.key(ofPath: path))
            }
            for index in rendered {
                self.pages.append((path: pages[index].path, page: files[index].record))
                for (path, file) in files[index].files where previous.file(path) != file.record {
                    self.files[path] = file.record
                }
                noteEarlierFiles(ofPage: pages[index].path)
            }
            for (path, file) in otherFiles where previous.file(path) != file.record {
                self.files[path] = file.record
            }
            // Pages are gone only when the previous build had more than stayed (a page reused was one of its).
            let stayed = pages.count - rendered.count + rendered.count { previous.pageEntry(pages[$0].path) != nil }
            if previous.pageCount > stayed {
                removedPages = previous.pagePathsGone(from: pages)
                for path in removedPages { noteEarlierFiles(ofPage: path) }
            }
            removedFiles = Set(earlierFiles).filter { table[$0] == nil && previous.file($0) != nil }.sorted()
            let added = self.files.keys.count { previous.file($0) == nil }
            guard table.count == previous.fileCount + added - removedFiles.count else { return nil }
        }
    }

    /// A record made by updating another refers to at most this many segments (each such
    /// record adds one when it renders a page). A record made whole then gathers the pages
    /// of the smaller ones into one (``segmentLimit``).
    static let updateSegmentLimit = 16

    /// The record of `build`, made of `previous` and what `changes` changed of it: its tables
    /// with the rows of the files and pages that changed replaced, added or left out, its
    /// entries carried over as they are (``Encoded/carried``), and the entries of what changed
    /// written after them. The pages whose entries no segment of `previous` holds have them
    /// written into `newSegment`.
    ///
    /// A record made so costs what changed: at 100,000 pages, making the whole of it took
    /// some 75 ms of processor time (every path hashed and written again, every page's
    /// entry written again), the last thing a one-post rebuild waited for.
    ///
    /// Nil when a record made whole is due: `changes` are more than a sixteenth of the rows
    /// (then most of the work is writing them anyway), or do not fit `previous` (a path
    /// removed that it does not have, or both removed and changed), or the record would refer
    /// to more than ``updateSegmentLimit`` segments, or more than half of its entries would
    /// be dead (``deadBytes``).
    static func encode(build: String, updating previous: BuildRecord, with changes: Changes, newSegment: String) -> Encoded? {
        guard changes.count <= max(64, (previous.fileCount + previous.pageCount) / 16) else { return nil }
        var deadBytes = previous.deadBytes
        var entries = BinaryWriter()

        // The files: a changed file keeps its entry (its path), with its row's hash and size changed.
        var fileRows = previous.fileRows
        var removedFiles = Set<Int>()
        for path in changes.removedFiles {
            guard let (number, end) = previous.fileEntryEnd(path), removedFiles.insert(number).inserted else { return nil }
            deadBytes += end - fileRows[number].entry
        }
        var newFileRows: [Row] = []
        for (path, file) in changes.files {
            let pathHash = pathHash(path)
            if let (number, _) = previous.fileEntryEnd(path, pathHash: pathHash) {
                guard !removedFiles.contains(number) else { return nil }
                (fileRows[number].hash, fileRows[number].size) = (file.hash, file.size)
            } else {
                newFileRows.append(Row(pathHash: pathHash, hash: file.hash, size: file.size, entry: entries.bytes.count))
                entries.string(path)
            }
        }

        // The pages: a changed page's entry is written again (most of it changed).
        var removedPages = Set<Int>()
        for path in changes.removedPages {
            guard let (number, end) = previous.pageEntry(path), removedPages.insert(number).inserted else { return nil }
            deadBytes += end - previous.pageRows[number].entry
        }
        var segmentNames = previous.segments.map(\.name)
        let segmentIndices = Dictionary(segmentNames.enumerated().map { ($1, $0) }) { first, _ in first }
        var segment: [SharedBytes] = [], segmentSize = 0
        var newPageRows: [Row] = []
        for (path, page) in changes.pages {
            let pathHash = pathHash(path)
            if let (number, end) = previous.pageEntry(path, pathHash: pathHash) {
                guard removedPages.insert(number).inserted else { return nil }
                deadBytes += end - previous.pageRows[number].entry
            }
            newPageRows.append(Row(pathHash: pathHash, hash: page.output.hash, size: page.output.size, entry: entries.bytes.count))
            if let stored = page.stored, let index = segmentIndices[stored.segment] {
                writePageEntry(path: path, page: page, segment: index, start: page.history.startIndex, to: &entries)
            } else {
                if segment.isEmpty { segmentNames.append(newSegment) }
                writePageEntry(path: path, page: page, segment: segmentNames.count - 1, start: segmentSize, to: &entries)
                segment += [page.history, page.binary]
                segmentSize += page.history.count + page.binary.count
            }
        }
        let carried = previous.bytes[previous.entriesStart..<previous.bytes.endIndex]
        guard segmentNames.count <= updateSegmentLimit, deadBytes * 2 <= carried.count + entries.bytes.count else { return nil }

        var out = BinaryWriter()
        let segmentSizes = previous.segments.map { ($0.name, $0.bytes.count) } + (segment.isEmpty ? [] : [(newSegment, segmentSize)])
        writeHeader(build: build, segments: segmentSizes, deadBytes: deadBytes, to: &out)
        let fileCount = fileRows.count - removedFiles.count + newFileRows.count
        let pageCount = previous.pageRows.count - removedPages.count + newPageRows.count
        let start = out.bytes.count + 16 + (fileCount + pageCount) * Row.fields * 8
        // A carried row's entry moves with the entries; a new one's follows them.
        func table(_ rows: [Row], leavingOut removed: Set<Int>, adding added: [Row]) -> [Row] {
            var kept: [Row] = []
            kept.reserveCapacity(rows.count - removed.count)
            for (number, var row) in rows.enumerated() where !removed.contains(number) {
                row.entry = row.entry - previous.entriesStart + start
                kept.append(row)
            }
            let added = added.map { row in
                var row = row
                row.entry += start + carried.count
                return row
            }
            return mergedByHash(kept, added.sortedByHash(\.pathHash))
        }
        for rows in [table(fileRows, leavingOut: removedFiles, adding: newFileRows), table(previous.pageRows, leavingOut: removedPages, adding: newPageRows)] {
            out.int(rows.count)
            out.uint64s(Row.table(rows, offset: 0))
        }
        assert(out.bytes.count == start, "the tables end where the entries start")
        return Encoded(head: out.bytes, carried: carried, entries: entries.bytes, segment: segment, segmentNames: segmentNames)
    }

    /// The rows of `first` and `second`, each in the order of their path hashes, in that order together.
    private static func mergedByHash(_ first: [Row], _ second: [Row]) -> [Row] {
        guard !second.isEmpty else { return first }
        var merged: [Row] = []
        merged.reserveCapacity(first.count + second.count)
        var (i, j) = (0, 0)
        while i < first.count, j < second.count {
            if first[i].pathHash <= second[j].pathHash {
                merged.append(first[i])
                i += 1
            } else {
                merged.append(second[j])
                j += 1
            }
        }
        merged += first[i...]
        merged += second[j...]
        return merged
    }
}
