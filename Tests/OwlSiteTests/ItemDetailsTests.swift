import Foundation
import Testing
@testable import OwlSite

/// An item from the Markdown cache keeps its details (summary, tags, taxonomies, author,
/// weight, layout, other keys, lines) as the cache holds them until one is read, and reads,
/// changes and writes them as a parsed item does.
@Suite struct ItemDetailsTests {
    private static let text = """
        ---
        title: A post
        date: 2024-01-02
        tags: [swift, web]
        categories: [notes]
        author: Ada
        weight: 3
        layout: wide
        summary: In short.
        mood: calm
        extra:
          colour: blue
        ---
        The body.
        """

    private func parsed() throws -> ContentItem {
        try ContentItem(parsing: Self.text, source: "content/posts/a.md", relativePath: "posts/a.md",
                        markdown: MarkdownRenderer(allowsRawHTML: false, rootPath: "/"))
    }

    /// The item as the cache gives it back, with the bytes and listing hash it was written with.
    private func cached(_ item: ContentItem, damage: BodyDamage? = nil) throws -> (item: ContentItem, bytes: [UInt8], listing: UInt64) {
        var out = BinaryWriter()
        let listing = item.write(to: &out)
        var input = BinaryReader(SharedBytes(out.bytes))
        let read = try ContentItem(from: &input, source: item.source, html: item.html, damage: damage)
        #expect(input.isAtEnd)
        return (read, out.bytes, listing)
    }

    private func expectSameDetails(_ read: ContentItem, _ item: ContentItem) {
        #expect(read.summary == item.summary && read.tags == item.tags && read.taxonomies == item.taxonomies)
        #expect(read.author == item.author && read.weight == item.weight && read.layout == item.layout)
        #expect(read.params == item.params && read.lines == item.lines)
    }

    @Test func detailsFromTheCacheAreTheParsedOnes() throws {
        let item = try parsed()
        #expect(item.summary == "In short." && item.tags == ["swift", "web"] && item.taxonomies == ["categories": ["notes"]])
        #expect(item.author == "Ada" && item.weight == 3 && item.layout == "wide" && item.params["mood"] == .text("calm"))
        #expect(item.lines["weight"] == 7)
        let damage = BodyDamage()
        let (read, _, _) = try cached(item, damage: damage)
        #expect(read.encodedDetails != nil, "kept as the cache holds them")
        expectSameDetails(read, item)
        #expect(read.title == item.title && read.path == item.path && read.date == item.date)
        #expect(damage.noted.isEmpty)
    }

    /// Written again, an item from the cache gives the bytes it was read from (and so the
    /// same fingerprint of its listing), whether its details were read or not.
    @Test func anItemFromTheCacheWritesTheBytesItWasReadFrom() throws {
        let (read, bytes, listing) = try cached(try parsed())
        var again = BinaryWriter()
        #expect(read.write(to: &again) == listing && again.bytes == bytes)
        _ = read.tags
        again = BinaryWriter()
        #expect(read.write(to: &again) == listing && again.bytes == bytes)
        var settled = read
        settled.settleDetails()
        #expect(settled.encodedDetails == nil)
        again = BinaryWriter()
        #expect(settled.write(to: &again) == listing && again.bytes == bytes)
    }

    /// A detail set on an item from the cache changes that detail only, and the item's
    /// listing with it; the item's copies keep theirs.
    @Test func settingADetailOfAnItemFromTheCache() throws {
        let item = try parsed()
        let (read, _, listing) = try cached(item)
        var changed = read
        changed.tags.append("new")
        changed.params["mood"] = .text("bright")
        #expect(changed.encodedDetails == nil)
        #expect(changed.tags == ["swift", "web", "new"] && changed.params["mood"] == .text("bright"))
        #expect(changed.summary == item.summary && changed.lines == item.lines && changed.author == item.author)
        expectSameDetails(read, item)
        var out = BinaryWriter()
        #expect(changed.write(to: &out) != listing)
    }

    /// Many items' details settled at once, on both cores, are each their own.
    @Test func detailsSettledTogether() throws {
        let markdown = MarkdownRenderer(allowsRawHTML: false, rootPath: "/")
        let items = try (0..<200).map { number in
            try cached(try ContentItem(parsing: "---\ntitle: P\(number)\nweight: \(number)\ntags: [t\(number)]\n---\nBody\n",
                                       source: "content/p\(number).md", relativePath: "p\(number).md", markdown: markdown)).item
        }
        var settled = items
        settled.concurrentForEach { $0.settleDetails() }
        #expect(settled.allSatisfy { $0.encodedDetails == nil })
        #expect(settled.map(\.weight) == (0..<200).map { $0 })
        #expect(settled.map(\.tags) == (0..<200).map { ["t\($0)"] })
    }
}
