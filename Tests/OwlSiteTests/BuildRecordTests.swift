import Foundation
import Testing
import TestSupport
@testable import OwlSite

/// A build record gives back every file and page it was made of, and nothing else.
@Suite struct BuildRecordTests {
    /// Tables of every size, the lookups starting where a path's hash falls and searching from there.
    @Test(arguments: [0, 1, 2, 3, 500, 6_000])
    func everyEntryIsFoundAgainAndOthersAreNot(count: Int) throws {
        var random = SeededGenerator(seed: UInt64(3 + count))
        var files: [String: BuildRecord.File] = [:]
        var pages: [String: BuildRecord.Page] = [:]
        for number in 0..<count {
            let file = BuildRecord.File(
                hash: random.next(), size: Int.random(in: 0..<10_000, using: &random))
            files["posts/p\(number)/index.html"] = file
            if number % 2 == 0 {
                pages["/posts/p\(number)/"] = BuildRecord.Page(
                    key: random.next(), file: "posts/p\(number)/index.html", version: random.next(), carriesVersion: number % 4 != 0,
                    from: (0..<(number % 6)).map { _ in random.next() }, output: file,
                    history: SharedBytes(Array("{\"n\":\(number)}".utf8)), binary: SharedBytes((0..<Int.random(in: 0..<40, using: &random)).map { UInt8($0) }),
                    buildShare: random.next()
                )
            }
        }
        let encoded = BuildRecord.encode(build: "00000000000000ab", files: files, pages: pages.map { (path: $0.key, page: $0.value) }, newSegment: "ab-1")
        let record = try BuildRecord(decoding: SharedBytes(encoded.record)) { $0 == "ab-1" ? SharedBytes(encoded.segmentBytes) : nil }
        #expect(record.build == "00000000000000ab" && record.pageCount == pages.count)
        for (path, file) in files { #expect(record.file(path) == file) }
        for (path, page) in pages {
            let found = try #require(record.page(path))
            #expect(found.key == page.key && found.file == page.file && found.output == page.output)
            #expect(found.version == page.version && found.from == page.from && found.carriesVersion == page.carriesVersion)
            #expect(found.buildShare == page.buildShare)
            #expect(Array(found.history) == Array(page.history) && Array(found.binary) == Array(page.binary))
            #expect(record.hasPage(path, hash: page.output.hash, size: page.output.size))
            #expect(!record.hasPage(path, hash: page.output.hash &+ 1, size: page.output.size))
        }
        #expect(Set(record.pagePaths()) == Set(pages.keys))
        #expect(Dictionary(uniqueKeysWithValues: record.fileSizes().map { ($0.path, $0.size) }) == files.mapValues(\.size))
        // Walked as bytes, every file comes once, under its path's hash, and is found by its bytes.
        var walked: [String: BuildRecord.File] = [:]
        record.forEachFile { pathHash, path, file in
            let text = String(decoding: path, as: UTF8.self)
            #expect(pathHash == BuildRecord.pathHash(text) && walked.updateValue(file, forKey: text) == nil)
            let entry = record.fileEntry(utf8: path, pathHash: pathHash)
            #expect(entry?.file == file && entry?.number == record.fileEntry(text)?.number)
        }
        #expect(walked == files)
        #expect(record.fileEntry(utf8: SharedBytes("posts/p1/index.htm".utf8), pathHash: BuildRecord.pathHash("posts/p1/index.htm")) == nil)
        // Numbered one to one; each number gives its path back.
        let numbers = Dictionary(uniqueKeysWithValues: try files.keys.map { ($0, try #require(record.fileEntry($0)).number) })
        #expect(Set(numbers.values) == Set(0..<count))
        let some = files.keys.sorted().filter { _ in Bool.random(using: &random) }
        #expect(record.filePaths(numbered: some.map { numbers[$0]! }) == some)
        #expect(record.file("posts/p1/index.htm") == nil && record.page("/posts/p1/") == nil && record.file("") == nil)
        for number in count..<(count + 200) {
            #expect(record.file("posts/p\(number)/index.html") == nil && record.page("/posts/p\(number)/") == nil)
        }
    }

    @Test func damagedBytesAreRefused() {
        let page = BuildRecord.Page(key: 1, file: "index.html", version: 7, carriesVersion: true, from: [3, 5], output: .init(hash: 1, size: 2),
                                    history: SharedBytes(Array("{}".utf8)), binary: SharedBytes([1, 2, 3]), buildShare: 9)
        let encoded = BuildRecord.encode(build: "00000000000000ab", files: ["a": .init(hash: 1, size: 2)], pages: [(path: "/", page: page)], newSegment: "ab-1")
        let bytes = encoded.record, segment = { (name: String) in name == "ab-1" ? SharedBytes(encoded.segmentBytes) : nil }
        #expect(throws: Never.self) { try BuildRecord(decoding: SharedBytes(bytes), segment: segment) }
        #expect(throws: (any Error).self) { try BuildRecord(decoding: SharedBytes(bytes.prefix(bytes.count / 2)), segment: segment) }
        #expect(throws: (any Error).self) { try BuildRecord(decoding: SharedBytes([bytes[0] &+ 1] + bytes.dropFirst()), segment: segment) }
        // A segment that is gone, or not of the size the record names, makes the record unusable.
        #expect(throws: (any Error).self) { try BuildRecord(decoding: SharedBytes(bytes)) { _ in nil } }
        #expect(throws: (any Error).self) { try BuildRecord(decoding: SharedBytes(bytes)) { _ in SharedBytes(encoded.segmentBytes.dropLast()) } }
    }

    /// A segment is checked page by page: a damaged byte in one page's entries leaves the
    /// record and the other pages in use, and that page's entries are known to be damaged.
    @Test func aDamagedEntryIsFoundWhereItIsUsed() throws {
        let pages = (0..<3).map { number in
            BuildRecord.Page(key: UInt64(number), file: "p\(number)/index.html", version: 7, carriesVersion: true, from: [3], output: .init(hash: 1, size: 2),
                             history: SharedBytes(Array("{\"page\":\(number)}".utf8)), binary: SharedBytes([UInt8](repeating: UInt8(number), count: 40)),
                             buildShare: UInt64(number))
        }
        let encoded = BuildRecord.encode(build: "00000000000000ab", files: [:], pages: pages.enumerated().map { (path: "/p\($0)/", page: $1) },
                                         newSegment: "ab-1")
        let intact = try BuildRecord(decoding: SharedBytes(encoded.record)) { _ in SharedBytes(encoded.segmentBytes) }
        let damagedPage = try #require(intact.page("/p1/"))
        var segment = encoded.segmentBytes
        segment[damagedPage.binary.startIndex + 5] ^= 0x20
        let record = try BuildRecord(decoding: SharedBytes(encoded.record)) { _ in SharedBytes(segment) }
        for number in 0..<3 {
            let page = try #require(record.page("/p\(number)/"), "the record is read, damaged segment and all")
            #expect(page.hasIntactEntries == (number != 1), "page \(number)")
            #expect(try #require(intact.page("/p\(number)/")).hasIntactEntries)
        }
    }

    /// Records of successive builds share segments: a page taken unchanged points to the
    /// entries an earlier build wrote, a new segment holds only what changed, and no record
    /// needs more than the limit of segments however many builds went before.
    @Test func rebuildsWriteOnlyTheEntriesOfChangedPagesAndKeepFewSegments() throws {
        var random = SeededGenerator(seed: 8)
        var segments: [String: SharedBytes] = [:]
        func entry(_ generation: Int, _ number: Int) -> (history: [UInt8], binary: [UInt8]) {
            (Array("{\"page\":\(number),\"generation\":\(generation)}".utf8), (0..<(number % 7 + generation % 3)).map { UInt8(truncatingIfNeeded: $0 &+ number) })
        }
        let count = 200
        var generations = Array(repeating: 0, count: count)
        var record: BuildRecord?
        var buildsWithoutCompaction = 0
        for build in 0..<40 {
            // The first build renders every page; each later one a few, taking the rest from the record before.
            let changed = build == 0 ? Set(0..<count) : Set((0..<(1 + Int.random(in: 0..<12, using: &random))).map { _ in Int.random(in: 0..<count, using: &random) })
            var pages: [String: BuildRecord.Page] = [:]
            for number in 0..<count {
                let path = "/p\(number)/"
                if changed.contains(number) {
                    generations[number] = build
                    let (json, binary) = entry(build, number)
                    pages[path] = BuildRecord.Page(key: UInt64(build), file: "p\(number)/index.html", version: 7, carriesVersion: true, from: [3, 5], output: .init(hash: 1, size: 1),
                                                   history: SharedBytes(json), binary: SharedBytes(binary), buildShare: UInt64(number))
                } else {
                    pages[path] = try #require(record?.page(path))
                }
            }
            let name = String(format: "%016x", build), segmentName = "\(name)-1"
            let encoded = BuildRecord.encode(build: name, files: [:], pages: pages.map { (path: $0.key, page: $0.value) }, newSegment: segmentName)
            if !encoded.segment.isEmpty { segments[segmentName] = SharedBytes(encoded.segmentBytes) }
            let next = try BuildRecord(decoding: SharedBytes(encoded.record)) { segments[$0] }
            #expect(next.segments.count <= BuildRecord.segmentLimit)
            if build > 0 {
                // Each build changes a page, so it writes a segment: with no compaction it holds the changed pages alone.
                let written = encoded.segmentBytes.count, changedBytes = changed.reduce(0) { $0 + entry(build, $1).history.count + entry(build, $1).binary.count }
                #expect(written > 0 && written >= changedBytes)
                if next.segments.map(\.name).allSatisfy({ $0 == segmentName || record!.segments.map(\.name).contains($0) }),
                   next.segments.count == record!.segments.count + 1 {
                    #expect(written == changedBytes)
                    buildsWithoutCompaction += 1
                }
            }
            for number in 0..<count {
                let page = try #require(next.page("/p\(number)/"))
                let (json, binary) = entry(generations[number], number)
                #expect(Array(page.history) == json && Array(page.binary) == binary)
            }
            record = next
        }
        #expect(buildsWithoutCompaction >= 3, "the exact check ran")
        // A build that renders nothing writes no segment and keeps the segments it has, all of them.
        let last = try #require(record)
        let unchanged = try (0..<count).map { (path: "/p\($0)/", page: try #require(last.page("/p\($0)/"))) }
        let encoded = BuildRecord.encode(build: "00000000000000ff", files: [:], pages: unchanged, newSegment: "ff-1")
        #expect(encoded.segment.isEmpty)
        #expect(Set(try BuildRecord(decoding: SharedBytes(encoded.record)) { segments[$0] }.segments.map(\.name)) == Set(last.segments.map(\.name)))
    }

    /// A record made by updating the one before it holds what a record made whole of the same
    /// files and pages holds, through a run of such records: each carries the entries of the
    /// one before, dead ones among them, refers to more segments each time a page is
    /// rendered, and gives way to a record made whole when that is due.
    @Test func recordsUpdatedFromTheOneBeforeHoldWhatTheyWereMadeOf() throws {
        var random = SeededGenerator(seed: 31)
        var segments: [String: SharedBytes] = [:]
        var files: [String: BuildRecord.File] = [:], pages: [String: BuildRecord.Page] = [:]
        func page(_ number: Int, generation: Int) -> BuildRecord.Page {
            BuildRecord.Page(key: UInt64(generation), file: "p\(number)/index.html", version: UInt64(generation * 1_000 + number), carriesVersion: true,
                             from: (0..<(generation % 4)).map { UInt64($0) }, output: .init(hash: UInt64(generation), size: number),
                             history: SharedBytes(Array("{\"p\":\(number),\"g\":\(generation)}".utf8)), binary: SharedBytes([UInt8](repeating: UInt8(number % 200), count: number % 9)),
                             buildShare: UInt64(number))
        }
        for number in 0..<150 {
            pages["/p\(number)/"] = page(number, generation: 0)
            files["p\(number)/index.html"] = .init(hash: 0, size: number)
            files["static/f\(number).txt"] = .init(hash: random.next(), size: number)
        }
        func decoded(_ encoded: BuildRecord.Encoded, segmentName: String) throws -> BuildRecord {
            if !encoded.segment.isEmpty { segments[segmentName] = SharedBytes(encoded.segmentBytes) }
            return try BuildRecord(decoding: SharedBytes(encoded.record)) { segments[$0] }
        }
        var record = try decoded(BuildRecord.encode(build: "0000000000000000", files: files, pages: pages.map { (path: $0.key, page: $0.value) }, newSegment: "00-1"), segmentName: "00-1")
        var (updated, madeWhole, nextNumber) = (0, 0, 150)
        for build in 1..<60 {
            // A few changes of every kind, each path at most once.
            var changes = BuildRecord.Changes()
            var touched = Set<String>()
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let number = Int.random(in: 0..<nextNumber, using: &random)
                let pagePath = "/p\(number)/", pageFile = "p\(number)/index.html", other = "static/f\(number).txt"
                guard touched.insert(pagePath).inserted else { continue }
                switch Int.random(in: 0..<5, using: &random) {
                case 0 where pages[pagePath] != nil:  // the page is rendered again
                    let rendered = page(number, generation: build)
                    pages[pagePath] = rendered
                    changes.pages.append((path: pagePath, page: rendered))
                    files[pageFile] = rendered.output
                    changes.files[pageFile] = rendered.output
                case 1 where pages[pagePath] != nil:  // the page is gone, and its file
                    pages[pagePath] = nil
                    changes.removedPages.append(pagePath)
                    files[pageFile] = nil
                    changes.removedFiles.append(pageFile)
                case 2 where files[other] != nil:  // another file changes
                    files[other] = .init(hash: random.next(), size: number)
                    changes.files[other] = files[other]
                case 3 where files[other] != nil:  // or is gone
                    files[other] = nil
                    changes.removedFiles.append(other)
                default:  // a new page and file
                    let fresh = nextNumber
                    nextNumber += 1
                    let added = page(fresh, generation: build)
                    pages["/p\(fresh)/"] = added
                    changes.pages.append((path: "/p\(fresh)/", page: added))
                    files["p\(fresh)/index.html"] = added.output
                    changes.files["p\(fresh)/index.html"] = added.output
                }
            }
            // The pages not changed are the record's, as a rebuild takes them.
            for (path, _) in pages where !changes.pages.contains(where: { $0.path == path }) {
                let kept = try #require(record.page(path))
                pages[path] = kept
            }
            let name = String(format: "%016x", build), segmentName = "\(name)-1"
            let next: BuildRecord
            if let encoded = BuildRecord.encode(build: name, updating: record, with: changes, newSegment: segmentName) {
                updated += 1
                #expect(!encoded.carried.isEmpty)
                next = try decoded(encoded, segmentName: segmentName)
                #expect(next.deadBytes >= record.deadBytes && next.segments.count <= BuildRecord.updateSegmentLimit)
                #expect(changes.pages.isEmpty || next.segments.count == record.segments.count + 1, "a rendered page's entries go into a new segment")
            } else {
                madeWhole += 1
                #expect(record.segments.count + 1 > BuildRecord.updateSegmentLimit, "build \(build): made whole only when the segments are too many")
                next = try decoded(BuildRecord.encode(build: name, files: files, pages: pages.map { (path: $0.key, page: $0.value) }, newSegment: segmentName),
                                   segmentName: segmentName)
                #expect(next.deadBytes == 0)
            }
            #expect(next.build == name && next.fileCount == files.count && next.pageCount == pages.count)
            for (path, file) in files { #expect(next.file(path) == file, "build \(build) \(path)") }
            for (path, expected) in pages {
                let found = try #require(next.page(path), "build \(build) \(path)")
                #expect(found.key == expected.key && found.file == expected.file && found.version == expected.version && found.from == expected.from)
                #expect(found.output == expected.output && found.buildShare == expected.buildShare && found.hasIntactEntries)
                #expect(Array(found.history) == Array(expected.history) && Array(found.binary) == Array(expected.binary))
            }
            #expect(Set(next.pagePaths()) == Set(pages.keys))
            #expect(Dictionary(uniqueKeysWithValues: next.fileSizes().map { ($0.path, $0.size) }) == files.mapValues(\.size))
            for path in changes.removedFiles { #expect(next.file(path) == nil) }
            for path in changes.removedPages { #expect(next.page(path) == nil) }
            let numbers = try files.keys.map { try #require(next.fileEntry($0)).number }
            #expect(Set(numbers) == Set(0..<files.count))
            record = next
        }
        #expect(updated >= 40 && madeWhole >= 2, "\(updated) updated, \(madeWhole) made whole")

        // Changes that do not fit the record, or too many of them, make no record.
        let some = try #require(files.keys.sorted().first)
        #expect(BuildRecord.encode(build: "00000000000000fe", updating: record, with: BuildRecord.Changes(removedFiles: ["not/in/the/record.html"]), newSegment: "fe-1") == nil)
        #expect(BuildRecord.encode(build: "00000000000000fe", updating: record, with: BuildRecord.Changes(removedFiles: [some, some]), newSegment: "fe-1") == nil)
        #expect(BuildRecord.encode(build: "00000000000000fe", updating: record,
                                   with: BuildRecord.Changes(files: [some: .init(hash: 1, size: 1)], removedFiles: [some]), newSegment: "fe-1") == nil)
        let many = BuildRecord.Changes(files: Dictionary(uniqueKeysWithValues: (0..<200).map { ("new/\($0).txt", BuildRecord.File(hash: 1, size: 1)) }))
        #expect(BuildRecord.encode(build: "00000000000000fe", updating: record, with: many, newSegment: "fe-1") == nil)
        #expect(BuildRecord.encode(build: "00000000000000fe", updating: record, with: BuildRecord.Changes(), newSegment: "fe-1") != nil)
    }

    /// Bytes damaged anywhere make a record unreadable, or some of its look-ups fail; they
    /// never stop the process (lengths and offsets come from the file and may be anything).
    @Test func damagedRecordsNeverCrash() throws {
        var random = SeededGenerator(seed: 21)
        var pages: [String: BuildRecord.Page] = [:], files: [String: BuildRecord.File] = [:]
        for number in 0..<40 {
            let file = BuildRecord.File(hash: random.next(), size: number)
            files["p\(number)/index.html"] = file
            pages["/p\(number)/"] = BuildRecord.Page(key: random.next(), file: "p\(number)/index.html", version: 7, carriesVersion: true, from: [3, 5], output: file,
                                                     history: SharedBytes(Array("{\"n\":\(number)}".utf8)), binary: SharedBytes([UInt8](repeating: 7, count: number)),
                                                     buildShare: UInt64(number))
        }
        let encoded = BuildRecord.encode(build: "00000000000000ab", files: files, pages: pages.map { (path: $0.key, page: $0.value) }, newSegment: "ab-1")
        let segment = { (name: String) in name == "ab-1" ? SharedBytes(encoded.segmentBytes) : nil }

        // One page, whose entry comes last: its json and binary lengths end the record, but
        // for the hash of its entries and its share of the build id.
        let single = BuildRecord.encode(build: "00000000000000ab", files: [:], pages: [(path: "/p1/", page: pages["/p1/"]!)], newSegment: "ab-1")
        var huge = single.record
        let lengthsEnd = huge.count - 16
        withUnsafeBytes(of: Int.max.littleEndian) { huge.replaceSubrange((lengthsEnd - 16)..<(lengthsEnd - 8), with: $0) }
        withUnsafeBytes(of: Int.max.littleEndian) { huge.replaceSubrange((lengthsEnd - 8)..<lengthsEnd, with: $0) }
        let record = try BuildRecord(decoding: SharedBytes(huge)) { $0 == "ab-1" ? SharedBytes(single.segmentBytes) : nil }
        #expect(record.page("/p1/") == nil)
        #expect(record.hasPage("/p1/", hash: pages["/p1/"]!.output.hash, size: 1), "the row itself is intact")

        for _ in 0..<500 {
            var bytes = encoded.record
            for _ in 0..<(1 + Int.random(in: 0..<4, using: &random)) {
                let position = Int.random(in: 0..<bytes.count, using: &random)
                bytes[position] = random.next() % 3 == 0 ? 0xFF : UInt8(truncatingIfNeeded: random.next())
            }
            guard let record = try? BuildRecord(decoding: SharedBytes(bytes), segment: segment) else { continue }
            for number in 0..<40 {
                _ = record.page("/p\(number)/")
                _ = record.file("p\(number)/index.html")
                _ = record.hasPage("/p\(number)/", hash: 1, size: 1)
            }
            _ = (record.pagePaths(), record.fileSizes())
            record.forEachFile { _, _, _ in }
        }
    }
}

/// Through many rebuilds, each edit re-renders one page, so every rebuild found the record of
/// the build before and all the segments it uses; and the cache holds no segment that no
/// record uses.
@Suite struct BuildRecordFolderTests {
    /// What a build looks at, before reading anything, to tell whether it may take pages from
    /// an earlier build (and so keep the memory it frees for ten seconds, to use again, rather
    /// than give it back within 200 ms, ``FreedMemory``).
    @Test func buildsAreFoundRecordedOnceABuildKeptItsCache() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let cache = site.root.appendingPathComponent(".owl-cache")
        #expect(!BuildRecords(cacheFolder: cache).exist)
        #expect(!BuildRecords(cacheFolder: nil).exist)
        _ = try SiteBuilder(options: BuildOptions(source: site.root, quiet: true)).build()
        #expect(BuildRecords(cacheFolder: cache).exist)
    }

    /// A rebuild that renders a few pages of many makes its record by updating the previous
    /// build's (its entries carried over, the rendered page's among the dead ones), and the
    /// record holds every file the output has; a build that leaves out a copied file makes
    /// its record whole.
    @Test func aRebuildOfAFewPagesUpdatesThePreviousRecord() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        for number in 0..<60 {
            try site.write("content/posts/p\(number).md", "---\ntitle: Post \(number)\ndate: 2022-01-\(String(format: "%02d", number % 28 + 1))\n---\n\nBody \(number).\n")
        }
        try site.write("static/kept.txt", "kept")
        try site.write("static/gone.txt", "gone")
        let options = BuildOptions(source: site.root, quiet: true)
        let records = BuildRecords(cacheFolder: site.root.appendingPathComponent(".owl-cache"))
        func heldRecord() throws -> BuildRecord {
            // Read afresh: a record is kept in memory once read.
            try #require(BuildRecords(cacheFolder: site.root.appendingPathComponent(".owl-cache")).held(by: site.output)).record
        }
        func outputFiles() -> Set<String> {
            Set(FileManager.default.enumerator(atPath: site.output.path)!.compactMap { $0 as? String }.filter {
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: site.output.appendingPathComponent($0).path, isDirectory: &isFolder) && !isFolder.boolValue
            })
        }
        _ = try SiteBuilder(options: options).build()
        let first = try heldRecord()
        #expect(records.exist && first.deadBytes == 0, "a first build's record is made whole")
        for edit in 1...3 {
            try site.write("content/posts/p7.md", "---\ntitle: Post 7\ndate: 2022-01-08\n---\n\nBody 7, edit \(edit).\n")
            _ = try SiteBuilder(options: options).build()
            let record = try heldRecord()
            #expect(record.deadBytes > 0, "edit \(edit)")
            #expect(Set(record.fileSizes().map(\.path)).symmetricDifference(outputFiles()).isEmpty, "edit \(edit)")
        }
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("static/gone.txt"))
        _ = try SiteBuilder(options: options).build()
        let record = try heldRecord()
        #expect(record.deadBytes == 0 && record.file("gone.txt") == nil && record.file("kept.txt") != nil)
        #expect(Set(record.fileSizes().map(\.path)).symmetricDifference(outputFiles()).isEmpty)
    }

    @Test func rebuildsFindTheirSegmentsAndThePrunedOnesAreGone() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let options = BuildOptions(source: site.root, quiet: true)
        _ = try SiteBuilder(options: options).build()
        let folder = site.root.appendingPathComponent(".owl-cache/builds")
        for edit in 1...14 {
            try site.write("content/posts/first.md", "---\ntitle: Post first\ndate: 2022-01-05\ntags: [a, b]\nsummary: Summary of first.\n---\n\nBody \(edit).\n")
            #expect(try SiteBuilder(options: options).build().renderedPageCount == 1)

            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            let records = names.filter { $0.hasSuffix(".bin") }
            let used = Set(try records.flatMap { name in
                BuildRecord.segmentNames(in: try #require(SharedBytes(mappingFile: folder.appendingPathComponent(name).path)))
            })
            #expect(Set(names.filter { $0.hasSuffix(".blobs") }.map { String($0.dropLast(6)) }) == used)
            #expect(!used.isEmpty && records.count <= SiteConfig().history + 2)
        }
    }
}

/// The folders a build remembers, and the records of the builds they hold.
@Suite("Folders and their records")
struct FolderRecordTests {
    /// An output and its spare taken away (`rm -rf public`, or moved aside as here, so that
    /// the system cannot give their numbers to the new folders), the cache kept: the next
    /// builds forget them, and their records and segments leave the cache, rather than staying
    /// on the disk and being read by every prune for good.
    @Test func theRecordsOfFoldersTakenAwayLeaveTheCache() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let options = BuildOptions(source: site.root, quiet: true)
        let builds = site.root.appendingPathComponent(".owl-cache/builds")
        func records() throws -> Set<String> {
            Set(try FileManager.default.contentsOfDirectory(atPath: builds.path).filter { $0.hasSuffix(".bin") && $0 != "folders.bin" })
        }
        func build(_ edits: ClosedRange<Int>) throws {
            for edit in edits {
                try site.write("content/posts/first.md", "---\ntitle: Post first\ndate: 2022-01-05\nsummary: Summary of first.\n---\n\nBody \(edit).\n")
                _ = try SiteBuilder(options: options).build()
            }
        }
        try build(1...2)
        let spare = site.root.appendingPathComponent(".public.owl-spare")
        #expect(FileManager.default.fileExists(atPath: spare.path))
        let earlier = try records()
        #expect(earlier.count == 2)

        let aside = site.root.appendingPathComponent("aside")
        try FileManager.default.createDirectory(at: aside, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: site.output, to: aside.appendingPathComponent("public"))
        try FileManager.default.moveItem(at: spare, to: aside.appendingPathComponent("spare"))
        try build(3...4)
        let now = try records()
        #expect(now.count == 2)
        #expect(now.isDisjoint(with: earlier))
        // What is left still serves: an edit renders its page alone.
        try site.write("content/posts/first.md", "---\ntitle: Post first\ndate: 2022-01-05\nsummary: Summary of first.\n---\n\nBody 5.\n")
        #expect(try SiteBuilder(options: options).build().renderedPageCount == 1)
    }

    /// Two outputs built from one cache (`--output`): each build forgets only its own
    /// output's folders that are gone, so either output's next build reuses what it holds.
    @Test func twoOutputsOfOneCacheKeepTheirFolders() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let outputs = [site.output, site.root.appendingPathComponent("elsewhere")]
        for edit in 1...3 {
            for output in outputs {
                try site.write("content/posts/first.md", "---\ntitle: Post first\ndate: 2022-01-05\nsummary: Summary of first.\n---\n\nBody \(edit).\n")
                let report = try SiteBuilder(options: BuildOptions(source: site.root, output: output, quiet: true)).build()
                if edit > 1 { #expect(report.renderedPageCount == 1, "edit \(edit) into \(output.lastPathComponent)") }
            }
        }
    }
}

extension BuildRecord.Encoded {
    /// The segment as one file holds it.
    var segmentBytes: [UInt8] { segment.reduce(into: []) { $0.append(bytes: $1) } }
}
