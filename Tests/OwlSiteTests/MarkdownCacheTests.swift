import Foundation
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

    @Test func reusesUnchangedFilesAcrossBuildsAndReparsesChangedOnes() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.md")
        try Data("---\ntitle: A\ndate: 2024-01-02\ntags: [x, y]\nextra: {n: 1, list: [true, 2.5]}\n---\n# Hi\n".utf8).write(to: file)
        let cacheFolder = folder.appendingPathComponent(".owl-cache")
        var parses = 0

        let first = MarkdownCache(folder: cacheFolder, settings: "s")
        let original = try load(first, file, parses: &parses)
        first.save()
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

    @Test func aCorruptCacheIsIgnored() throws {
        let cacheFolder = folder.appendingPathComponent(".owl-cache")
        try FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([1, 0, 0, 0, 0, 0, 0, 0, 9, 9, 9]).write(to: cacheFolder.appendingPathComponent("markdown.bin"))
        let file = folder.appendingPathComponent("a.md")
        try Data("# A\n".utf8).write(to: file)
        var parses = 0
        _ = try load(MarkdownCache(folder: cacheFolder, settings: "s"), file, parses: &parses)
        #expect(parses == 1)
    }
}
