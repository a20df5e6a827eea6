import Foundation
import Owl
import Testing
@testable import OwlSite

/// The Markdown cache reuses an item exactly when its file and the rendering settings are unchanged.
@Suite struct MarkdownCacheTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("owl-cache-tests-\(UUID().uuidString)")
    private let renderer = MarkdownRenderer(allowsRawHTML: false, rootPath: "/")

    private func load(_ cache: MarkdownCache, _ url: URL, parses: inout Int) throws -> ContentItem {
        var count = 0
        let item = try cache.item(forFile: url.path, source: "content/posts/a.md") { bytes in
            count += 1
            return try ContentItem(parsing: String(decoding: bytes, as: UTF8.self), source: "content/posts/a.md", relativePath: "posts/a.md", markdown: renderer)
        }
        parses += count
        return item
    }

    /// The cache folder of the tests that build into `folder`.
    private var cacheFolder: URL { folder.appendingPathComponent(".owl-cache") }

    /// `a.md` in a new `folder`, holding `text`, read once into a saved cache.
    private func firstBuild(of text: String, parses: inout Int) throws -> (file: URL, item: ContentItem) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("a.md")
        try Data(text.utf8).write(to: file)
        let cache = MarkdownCache(folder: cacheFolder, settings: "s")
        let item = try load(cache, file, parses: &parses)
        cache.save()
        return (file, item)
    }

    @Test func reusesUnchangedFilesAcrossBuildsAndReparsesChangedOnes() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var parses = 0
        let (file, original) = try firstBuild(of: "---\ntitle: A\ndate: 2024-01-02\ntags: [x, y]\nextra: {n: 1, list: [true, 2.5]}\n---\n# Hi\n", parses: &parses)
        #expect(parses == 1)

        let second = MarkdownCache(folder: cacheFolder, settings: "s")
        let cached = try load(second, file, parses: &parses)
        #expect(parses == 1)
        #expect(cached.body == original.body && cached.title == "A" && cached.date == original.date && cached.tags == ["x", "y"])
        #expect(cached.params == original.params && cached.lines == original.lines)

        try Data("---\ntitle: B\n---\n".utf8).write(to: file)
        #expect(try load(MarkdownCache(folder: cacheFolder, settings: "s"), file, parses: &parses).title == "B")
        #expect(parses == 2)

        _ = try load(MarkdownCache(folder: cacheFolder, settings: "other"), file, parses: &parses)
        #expect(parses == 3)
    }

    /// A file written again with the same bytes (a checkout stamps every file) is read and
    /// hashed, not parsed: its entry is kept, under the new stamp.
    @Test func aTouchedFileWithTheSameBytesIsNotParsedAgain() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var parses = 0
        let (file, original) = try firstBuild(of: "---\ntitle: A\n---\nSee [b](/posts/b/).\n", parses: &parses)

        let shards = cacheFolder.appendingPathComponent("markdown")
        func shardBytes() throws -> [Data] {
            try FileManager.default.contentsOfDirectory(atPath: shards.path).sorted().map { try Data(contentsOf: shards.appendingPathComponent($0)) }
        }
        let before = try shardBytes()

        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 3_600)], ofItemAtPath: file.path)
        let touched = MarkdownCache(folder: cacheFolder, settings: "s")
        let item = try load(touched, file, parses: &parses)
        touched.save()
        #expect(parses == 1)
        #expect(item.body == original.body && item.links == ["/posts/b/"] && item.fingerprint == original.fingerprint)
        // Saved under the new stamp, the entry otherwise the same.
        let after = try shardBytes()
        #expect(after != before && after.map(\.count) == before.map(\.count))
        #expect(try load(MarkdownCache(folder: cacheFolder, settings: "s"), file, parses: &parses).fingerprint == original.fingerprint)
        #expect(parses == 1)
    }

    /// A shard cut short (a crash while it was written, a full disk) is ignored whole: its
    /// files are parsed again, and nothing traps.
    @Test(arguments: [1, 2, 3, 4])
    func aShardCutShortIsIgnored(keepingQuarters quarters: Int) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var parses = 0
        let (file, _) = try firstBuild(of: "---\ntitle: A\n---\n# A\n", parses: &parses)

        let shards = cacheFolder.appendingPathComponent("markdown")
        let names = try FileManager.default.contentsOfDirectory(atPath: shards.path)
        #expect(names.count == 1, "one file, one shard")
        for name in names {
            let url = shards.appendingPathComponent(name)
            let bytes = try Data(contentsOf: url)
            // Four quarters: the whole shard less its last byte.
            try bytes.prefix(quarters == 4 ? bytes.count - 1 : bytes.count * quarters / 4).write(to: url)
        }
        let item = try load(MarkdownCache(folder: cacheFolder, settings: "s"), file, parses: &parses)
        #expect(parses == 2, "parsed again")
        #expect(item.title == "A")
    }

    /// `a.md`, whose body is "The body of A.", read once into a saved cache of one shard: the
    /// file, its item, the shard and the shard's bytes.
    private func shardOfOneFile(parses: inout Int) throws -> (file: URL, item: ContentItem, shard: URL, bytes: [UInt8]) {
        let (file, item) = try firstBuild(of: "---\ntitle: A\n---\nThe body of A.\n", parses: &parses)
        let shards = cacheFolder.appendingPathComponent("markdown")
        let names = try FileManager.default.contentsOfDirectory(atPath: shards.path)
        #expect(names.count == 1, "one file, one shard")
        let shard = shards.appendingPathComponent(try #require(names.first))
        return (file, item, shard, [UInt8](try Data(contentsOf: shard)))
    }

    /// A byte flipped in a body (they follow the entries) is found when the body is read,
    /// not when the shard is: the item is taken from the cache, its body reads as empty, and
    /// the damage is noted for the build to start again without the entry.
    @Test func aDamagedBodyIsFoundWhenItIsRead() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var parses = 0
        let (file, original, shard, pristine) = try shardOfOneFile(parses: &parses)
        var bytes = pristine
        let body = try #require(Data(bytes).range(of: Data("The body of A.".utf8)))
        bytes[body.lowerBound + 4] ^= 0x20
        try Data(bytes).write(to: shard)

        let damaged = MarkdownCache(folder: cacheFolder, settings: "s")
        let item = try load(damaged, file, parses: &parses)
        #expect(parses == 1, "taken from the cache")
        #expect(item.title == "A" && damaged.damage.noted.isEmpty)
        #expect(item.body.isEmpty && item.withBodyUTF8(\.count) == 0)
        #expect(damaged.damage.noted == ["content/posts/a.md"])

        // Left out, as the build's next attempt leaves it out: parsed again, and its shard written anew.
        let again = MarkdownCache(folder: cacheFolder, settings: "s", leavingOut: ["content/posts/a.md"])
        #expect(try load(again, file, parses: &parses).body == original.body)
        #expect(parses == 2)
        again.save()
        let repaired = MarkdownCache(folder: cacheFolder, settings: "s")
        #expect(try load(repaired, file, parses: &parses).body == original.body)
        #expect(parses == 2 && repaired.damage.noted.isEmpty)
    }

    /// A byte flipped anywhere in the entries (before the bodies) makes the whole shard
    /// count as absent, as a shard cut short does: every file it held is parsed again.
    @Test func aDamagedEntryIgnoresItsShard() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var parses = 0
        let (file, original, shard, pristine) = try shardOfOneFile(parses: &parses)
        let bodyStart = try #require(Data(pristine).range(of: Data("<p>The body of A.".utf8))).lowerBound
        for index in stride(from: 0, to: bodyStart, by: 7) {
            var bytes = pristine
            bytes[index] ^= 0x01
            try Data(bytes).write(to: shard)
            let cache = MarkdownCache(folder: cacheFolder, settings: "s")
            #expect(try load(cache, file, parses: &parses).body == original.body)
            #expect(cache.isEmpty, "byte \(index)")
        }
        #expect(parses == 1 + (bodyStart + 6) / 7)
    }

    /// A shard written again, for a file changed or gone, keeps the entries of the other
    /// files it holds: the next build parses none of them.
    @Test(arguments: [false, true])
    func aShardWrittenAgainKeepsItsOtherEntries(removingAFile: Bool) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try fortyPosts(count: 200)
        #expect(try build(0..<200, of: files) == 200)
        // A post that shares its shard with others.
        let shards = try FileManager.default.contentsOfDirectory(atPath: cacheFolder.appendingPathComponent("markdown").path)
        let holders = try (0..<200).map { try shardsHolding("content/p\($0).md") }
        let shared = try #require((0..<200).first { number in holders[number].count == 1 && holders.filter { $0 == holders[number] }.count >= 3 })
        #expect(shards.count > 1)
        if removingAFile {
            #expect(try build((0..<200).filter { $0 != shared }, of: files) == 0)
            #expect(try build((0..<200).filter { $0 != shared }, of: files) == 0)
        } else {
            try Data("# Post \(shared), edited\n".utf8).write(to: files[shared])
            #expect(try build(0..<200, of: files) == 1)
            #expect(try build(0..<200, of: files) == 0)
        }
    }

    /// Thousands of entries, some thirty a shard, are each found again (by halving among
    /// their hashes), and each shard holds its entries in the order of their paths' hashes.
    @Test func manyEntriesAreFoundAndKeptInHashOrder() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try fortyPosts(count: 2_000)
        #expect(try build(0..<2_000, of: files) == 2_000)
        #expect(try build(0..<2_000, of: files) == 0)
        for number in [0, 777, 1_999] { try Data("# Post \(number), edited\n".utf8).write(to: files[number]) }
        #expect(try build(0..<2_000, of: files) == 3)
        #expect(try build((0..<2_000).filter { $0 != 5 }, of: files) == 0)
        #expect(try build((0..<2_000).filter { $0 != 5 }, of: files) == 0)
        let shards = cacheFolder.appendingPathComponent("markdown")
        var entries = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: shards.path) {
            let bytes = try #require(CacheFile.read(shards.appendingPathComponent(name).path))
            var input = BinaryReader(bytes)
            _ = try input.int()
            _ = try input.string()
            let hashes = try (0..<input.count()).map { _ in
                let source = try input.string()
                _ = (try input.int(), try input.int(), try input.uint64(), try input.uint64(), try input.blob(), try input.int(), try input.uint64())
                return ContentHash(source).value
            }
            #expect(hashes == hashes.sorted(), "\(name)")
            entries += hashes.count
        }
        #expect(entries == 1_999)
    }

    /// The shards that hold `source`'s path.
    private func shardsHolding(_ source: String) throws -> Set<String> {
        let shards = cacheFolder.appendingPathComponent("markdown")
        return Set(try FileManager.default.contentsOfDirectory(atPath: shards.path).filter { name in
            let bytes = try Data(contentsOf: shards.appendingPathComponent(name))
            return bytes.range(of: Data(source.utf8)) != nil
        })
    }

    /// Posts `p0.md`…`p39.md` (or up to `count`) in the folder.
    private func fortyPosts(count: Int = 40) throws -> [URL] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let files = (0..<count).map { folder.appendingPathComponent("p\($0).md") }
        for (number, file) in files.enumerated() { try Data("# Post \(number)\n".utf8).write(to: file) }
        return files
    }

    /// A build of the posts `numbers` of `files` through the cache, saved; how many were parsed.
    private func build(_ numbers: some Sequence<Int>, of files: [URL]) throws -> Int {
        var parses = 0
        let cache = MarkdownCache(folder: cacheFolder, settings: "s")
        for number in numbers {
            _ = try cache.item(forFile: files[number].path, source: "content/p\(number).md") { bytes in
                parses += 1
                return try ContentItem(parsing: String(decoding: bytes, as: UTF8.self), source: "content/p\(number).md", relativePath: "p\(number).md", markdown: renderer)
            }
        }
        cache.save()
        return parses
    }

    /// Each shard's inode, by name. A shard is replaced by renaming a new file over it: a
    /// rewritten shard has a new inode (modification times tick too coarsely to tell).
    private func shardInodes() throws -> [String: UInt64] {
        let shards = cacheFolder.appendingPathComponent("markdown")
        return try Dictionary(uniqueKeysWithValues: FileManager.default.contentsOfDirectory(atPath: shards.path).map { name in
            var status = stat()
            return (name, stat(shards.appendingPathComponent(name).path, &status) == 0 ? UInt64(status.st_ino) : 0)
        })
    }

    @Test func aChangedFileRewritesOneShardOfTheCache() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try fortyPosts()
        #expect(try build(0..<40, of: files) == 40)
        let before = try shardInodes()
        #expect(before.count > 10)
        try Data("# Post 7, edited\n".utf8).write(to: files[7])
        #expect(try build(0..<40, of: files) == 1)
        let after = try shardInodes()
        #expect(Set(after.keys) == Set(before.keys))
        #expect(after.filter { before[$0.key] != $0.value }.count == 1)
    }

    /// A file that is gone is dropped from the cache: its shard, and only it, is written
    /// again without it, and every other file is still taken from the cache.
    @Test func aRemovedFileIsDroppedFromItsShard() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try fortyPosts()
        #expect(try build(0..<40, of: files) == 40)
        let holding = try shardsHolding("content/p7.md")
        #expect(holding.count == 1)
        func inodes() throws -> [UInt64] {
            let all = try shardInodes()
            return all.keys.filter { !holding.contains($0) }.sorted().map { all[$0]! }
        }
        let stamps = try inodes()

        #expect(try build((0..<40).filter { $0 != 7 }, of: files) == 0)
        #expect(try shardsHolding("content/p7.md").isEmpty)
        #expect(try inodes() == stamps && !stamps.contains(0))
        #expect(try build((0..<40).filter { $0 != 7 }, of: files) == 0)
    }
}
