import Testing
import TestSupport
@testable import OwlSite

/// The lines of an item's front matter keys: found by key, kept in order of their keys.
@Suite struct FieldLinesTests {
    @Test func setFindAndRemoveKeepTheKeysInOrder() {
        var lines: FieldLines = ["title": 2, "date": 3]
        lines["tags"] = 4
        lines["aliases"] = 5
        lines["date"] = 6
        #expect(lines["title"] == 2 && lines["date"] == 6 && lines["slug"] == nil && lines.count == 4)
        #expect(lines.entries.map(\.key) == ["aliases", "date", "tags", "title"])
        lines["aliases"] = nil
        lines["missing"] = nil
        #expect(lines.entries.map(\.key) == ["date", "tags", "title"] && lines["aliases"] == nil)
        #expect(lines == FieldLines(sorted: [("date", 6), ("tags", 4), ("title", 2)]))
        #expect(lines != FieldLines(sorted: [("date", 6), ("tags", 4), ("title", 3)]))
    }

    /// Lines out of order in the cache are a damaged entry, not a list found by halves: the
    /// item's details read as none, and its source is noted as damaged, once they are read.
    @Test func anItemWithItsLinesOutOfOrderIsNotedDamaged() throws {
        var item = try ContentItem(parsing: "---\ntitle: A\ndate: 2024-01-02\ntags: [x]\n---\nHi\n", source: "content/a.md", relativePath: "a.md",
                                   markdown: MarkdownRenderer(allowsRawHTML: false, rootPath: "/"))
        var out = BinaryWriter()
        _ = item.write(to: &out)
        var input = BinaryReader(SharedBytes(out.bytes))
        let damage = BodyDamage()
        #expect(try ContentItem(from: &input, html: item.html, damage: damage).lines == item.lines)
        #expect(damage.noted.isEmpty)
        item.lines = FieldLines(sorted: [("title", 2), ("date", 3)])
        out = BinaryWriter()
        _ = item.write(to: &out)
        input = BinaryReader(SharedBytes(out.bytes))
        let read = try ContentItem(from: &input, html: item.html, damage: damage)
        #expect(damage.noted.isEmpty, "not before the details are read")
        #expect(read.tags.isEmpty && read.lines.count == 0 && read.title == "A")
        #expect(damage.noted == ["content/a.md"])
    }

    /// The line of the first of several keys is the one the keys looked up in turn give, in
    /// lines parsed and in lines read back from the cache, over random sets of keys.
    @Test func theFirstOfSeveralKeysIsTheOneLookedUpInTurn() throws {
        var generator = SeededGenerator(seed: 56)
        let names = ["url", "permalink", "path", "slug", "title", "date", "été", "tags", "u", "urls"]
        let markdown = MarkdownRenderer(allowsRawHTML: false, rootPath: "/")
        for _ in 0..<300 {
            let chosen = Set((0..<Int.random(in: 0...6, using: &generator)).map { _ in names.randomElement(using: &generator)! })
            let parsed = FieldLines(sorted: chosen.sorted().enumerated().map { ($1, $0 + 2) })
            var item = try ContentItem(parsing: "---\ntitle: A\n---\nHi\n", source: "content/a.md", relativePath: "a.md", markdown: markdown)
            item.lines = parsed
            var out = BinaryWriter()
            _ = item.write(to: &out)
            var input = BinaryReader(SharedBytes(out.bytes))
            let cached = try ContentItem(from: &input, html: item.html).lines
            let keys = (0..<Int.random(in: 1...4, using: &generator)).map { _ in names.randomElement(using: &generator)! }
            // Looked up in turn in the parsed lines, compared as strings.
            let inTurn = keys.lazy.compactMap { key in parsed.entries.first { $0.key == key }?.line }.first
            for lines in [parsed, cached] {
                #expect(lines.line(ofFirst: FieldLines.Keys(names: keys)) == inTurn, "\(chosen.sorted()) \(keys)")
                #expect(lines[keys[0]] == parsed.entries.first { $0.key == keys[0] }?.line, "\(chosen.sorted()) \(keys[0])")
            }
        }
    }

    /// Lines read back from the cache, kept as the cache holds them, are found and changed as
    /// parsed lines are: by ASCII keys and others, and a key out of ASCII sorts as text.
    @Test func linesFromTheCacheAreFoundAndChangedAsParsedOnes() throws {
        var item = try ContentItem(parsing: "---\ntitle: A\n---\nHi\n", source: "content/a.md", relativePath: "a.md",
                                   markdown: MarkdownRenderer(allowsRawHTML: false, rootPath: "/"))
        item.lines = FieldLines(sorted: [("date", 3), ("tags", 4), ("title", 2), ("été", 6)])
        var out = BinaryWriter()
        _ = item.write(to: &out)
        var input = BinaryReader(SharedBytes(out.bytes))
        var lines = try ContentItem(from: &input, html: item.html).lines
        #expect(lines == item.lines && lines.count == 4)
        #expect(lines["title"] == 2 && lines["date"] == 3 && lines["été"] == 6 && lines["missing"] == nil && lines["titl"] == nil)
        #expect(lines.entries.map(\.key) == ["date", "tags", "title", "été"])
        lines["slug"] = 7
        lines["date"] = nil
        #expect(lines.entries.map(\.key) == ["slug", "tags", "title", "été"] && lines["slug"] == 7 && lines["date"] == nil)
    }

    /// Keys that other characters are canonically equivalent to (`K` of the Kelvin sign, `;`
    /// of the Greek question mark, `` ` `` of the Greek varia) are found as Swift compares
    /// strings, in lines read back from the cache as in parsed ones.
    @Test func canonicallyEquivalentKeysAreFoundInLinesFromTheCache() throws {
        var item = try ContentItem(parsing: "---\ntitle: A\n---\nHi\n", source: "content/a.md", relativePath: "a.md",
                                   markdown: MarkdownRenderer(allowsRawHTML: false, rootPath: "/"))
        item.lines = FieldLines(sorted: [("\u{212A}ind", 2), ("\u{1FEF}q", 4), ("a\u{037E}b", 3)])
        var out = BinaryWriter()
        _ = item.write(to: &out)
        var input = BinaryReader(SharedBytes(out.bytes))
        let cached = try ContentItem(from: &input, html: item.html).lines
        for lines in [item.lines, cached] {
            #expect(lines["Kind"] == 2 && lines["`q"] == 4 && lines["a;b"] == 3 && lines["kind"] == nil)
            #expect(lines.line(ofFirst: ["url", "a;b", "Kind"]) == 3)
        }
    }

    /// An item's folders are its path's parts between `/`s, as the file system has them:
    /// a folder whose name starts with a combining mark is a folder of its own.
    @Test func anItemsFoldersAreSplitAtEverySlash() throws {
        let markdown = MarkdownRenderer(allowsRawHTML: false, rootPath: "/")
        let item = try ContentItem(parsing: "---\ntitle: A\n---\nHi\n", source: "content/notes/\u{301}x/b.md", relativePath: "notes/\u{301}x/b.md", markdown: markdown)
        #expect(item.section == "notes")
        let bundle = try ContentItem(parsing: "---\ntitle: A\n---\nHi\n", source: "content/notes/\u{301}x/index.md", relativePath: "notes/\u{301}x/index.md", markdown: markdown)
        #expect(bundle.section == "notes")
    }

    /// An item read with the source path it was found by takes that path, and only when the
    /// entry holds the same path: any other path in the entry is the entry's.
    @Test func anItemReadWithItsSourceTakesItOnlyWhenTheEntryHoldsIt() throws {
        let item = try ContentItem(parsing: "---\ntitle: A\n---\nHi\n", source: "content/posts/é.md", relativePath: "posts/é.md",
                                   markdown: MarkdownRenderer(allowsRawHTML: false, rootPath: "/"))
        var out = BinaryWriter()
        _ = item.write(to: &out)
        let bytes = SharedBytes(out.bytes)
        for known in ["content/posts/é.md", "content/posts/e.md", "", nil] as [String?] {
            var input = BinaryReader(bytes)
            let read = try ContentItem(from: &input, source: known, html: item.html)
            #expect(read.source == "content/posts/é.md" && read.title == "A" && read.body == item.body)
        }
        var input = BinaryReader(bytes)
        #expect(try input.int() == item.kind.rawValue)
        #expect(try input.string(sharing: "content/posts/x.md") == "content/posts/é.md")
    }
}
