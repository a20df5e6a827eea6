import Testing
import TestSupport
@testable import OwlSite

/// A build record gives back every file and page it was made of, and nothing else.
@Suite struct BuildRecordTests {
    @Test func everyEntryIsFoundAgainAndOthersAreNot() throws {
        var random = SeededGenerator(seed: 3)
        var files: [String: BuildRecord.File] = [:]
        var pages: [String: BuildRecord.Page] = [:]
        for number in 0..<500 {
            let file = BuildRecord.File(
                hash: random.next(), size: Int(random.next() % 10_000),
                buildIDOffsets: (0..<Int(random.next() % 3)).map { _ in Int(random.next() % 500) }
            )
            files["posts/p\(number)/index.html"] = file
            if number % 2 == 0 {
                pages["/posts/p\(number)/"] = BuildRecord.Page(
                    key: random.next(), file: "posts/p\(number)/index.html", output: file,
                    json: SharedBytes(Array("{\"n\":\(number)}".utf8)), binary: SharedBytes((0..<Int(random.next() % 40)).map { UInt8($0) })
                )
            }
        }
        let record = try BuildRecord(decoding: SharedBytes(BuildRecord.encode(build: "00000000000000ab", files: files, pages: pages)))
        #expect(record.build == "00000000000000ab" && record.pageCount == pages.count)
        for (path, file) in files { #expect(record.file(path) == file) }
        for (path, page) in pages {
            let found = try #require(record.page(path))
            #expect(found.key == page.key && found.file == page.file && found.output == page.output)
            #expect(Array(found.json) == Array(page.json) && Array(found.binary) == Array(page.binary))
            #expect(record.hasPage(path, hash: page.output.hash, size: page.output.size))
            #expect(!record.hasPage(path, hash: page.output.hash &+ 1, size: page.output.size))
        }
        #expect(Set(record.filePaths()) == Set(files.keys) && Set(record.pagePaths()) == Set(pages.keys))
        #expect(record.file("posts/p1/index.htm") == nil && record.page("/posts/p1/") == nil && record.file("") == nil)
    }

    @Test func damagedBytesAreRefused() {
        let bytes = BuildRecord.encode(build: "00000000000000ab", files: ["a": .init(hash: 1, size: 2, buildIDOffsets: [])], pages: [:])
        #expect(throws: (any Error).self) { try BuildRecord(decoding: SharedBytes(bytes.prefix(bytes.count / 2))) }
        #expect(throws: (any Error).self) { try BuildRecord(decoding: SharedBytes([9] + bytes.dropFirst())) }
    }
}
