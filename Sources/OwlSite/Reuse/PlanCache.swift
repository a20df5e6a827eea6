import Foundation
import Owl

/// The previous build's plan, kept in `.owl-cache/plan.bin` with the hash of what it was
/// decided from (``key(content:templates:renderer:)``). A build whose sources changed only in
/// the bodies of their pages takes the plan's pages, lists, feeds and navigation from here
/// rather than planning again: planning took 33 ms of a one-post rebuild of 10,000 posts and
/// 0.45 s at 100,000, on one core. What comes of the bodies, the warnings about the items and
/// their links to places on pages, is made again (``SitePlan/init(reusing:content:)``).
/// With the plan it keeps the part of each page's key that the plan decides
/// (``PageKey/structures(of:sources:cellsShowContent:)``): such a build hashes for each page only the
/// fingerprints of the items it shows whole (at 10,000 posts, 40 million instructions fewer).
/// And it keeps the hash and size of the sitemap, which comes of the plan alone (its pages,
/// their items' dates, the settings): a build that takes the plan keeps the output's
/// sitemap when it has those, rather than making it again (25 million instructions at 10,000 posts).
/// (A summary made from a page's body, not given in its front matter, is part of its
/// listing: an edit of the text it is made from plans again.)
///
/// The file ends with a checksum and starts with a format version and the key (``CacheFile``):
/// one that does not check out, or was made from other inputs, is not used.
struct PlanCache: Sendable {
    /// The file, nil when builds keep no cache.
    let file: URL?

    /// 2: the pages' key structures follow the listing. 3: then the sitemap's hash and size.
    private static let formatVersion = 3
    private static let nul: [UInt8] = [0]

    /// The plan cache in `cacheFolder` (none when `cacheFolder` is nil).
    init(cacheFolder: URL?) {
        file = cacheFolder?.appendingPathComponent("plan.bin")
    }

    /// The hash of what a plan of `content` is decided from: the program (`renderer`), the
    /// theme, the settings pages show (``PageKey/settings(_:)``), and each item's source, kind,
    /// address and listing fingerprint (the item without its body) in order; for the items
    /// whose text list pages show (a section's or the home page's `_index.md`), the
    /// fingerprint of the whole file.
    static func key(content: SiteContent, templates: TemplateSet, renderer: String) -> UInt64 {
        var hasher = ContentHasher()
        hasher.update(with: "plan \(formatVersion)\nrenderer \(renderer)\ntheme \(templates.fingerprint)\n" + PageKey.settings(content.config))
        var numbers: [UInt64] = []
        numbers.reserveCapacity(content.items.count * 2)
        for index in content.items.indices {
            // Texts end with a NUL, so that two different inputs give different bytes.
            hasher.update(with: content.items[index].source)
            hasher.update(with: nul)
            hasher.update(with: content.items[index].path)
            hasher.update(with: nul)
            // The whole file's fingerprint covers its listing too.
            let isPage = content.items[index].kind == .page
            numbers.append(UInt64(content.items[index].kind.rawValue))
            numbers.append(isPage ? content.items[index].fingerprint.listing : content.items[index].fingerprint.file)
        }
        numbers.withUnsafeBytes { hasher.update(with: $0) }
        return hasher.hash.value
    }

    /// What a plan is kept with: its pages' key structures (by index in the listing's pages)
    /// and the hash and size of its sitemap.
    struct Companions: Sendable {
        var pageKeyStructures: [UInt64]
        var sitemap: BuildRecord.File
    }

    /// The plan saved, with the key of the inputs it was decided from and what it was kept
    /// with; nil when there is none or it does not read back. (Read before the key of this
    /// build's inputs is known: a build reads it on one core while it makes that key on the other.)
    func load() -> (key: UInt64, listing: SitePlan.Listing, companions: Companions)? {
        guard let file, let bytes = CacheFile.read(file.path) else { return nil }
        var input = BinaryReader(bytes)
        guard (try? input.int()) == Self.formatVersion, let key = try? input.uint64(),
              let listing = try? Self.listing(from: &input),
              let structures = try? input.uint64s(count: input.count()), structures.count == listing.pages.count,
              let sitemapHash = try? input.uint64(), let sitemapSize = try? input.int(), sitemapSize >= 0, input.isAtEnd else { return nil }
        return (key, listing, Companions(pageKeyStructures: structures, sitemap: BuildRecord.File(hash: sitemapHash, size: sitemapSize)))
    }

    /// Saves `listing`, with `companions`, as the plan decided from the inputs that hash to `key`.
    func save(_ listing: SitePlan.Listing, companions: Companions, key: UInt64) {
        guard let file else { return }
        var out = BinaryWriter()
        out.int(Self.formatVersion)
        out.uint64(key)
        Self.write(listing, to: &out)
        out.int(companions.pageKeyStructures.count)
        out.uint64s(companions.pageKeyStructures)
        out.uint64(companions.sitemap.hash)
        out.int(companions.sitemap.size)
        CacheFile.makeCacheFolder(file.deletingLastPathComponent())
        CacheFile.write(out.bytes, to: file)
    }

    // MARK: The binary form

    private static func write(_ listing: SitePlan.Listing, to out: inout BinaryWriter) {
        out.int(listing.pages.count)
        for page in listing.pages { write(page, to: &out) }
        out.int(listing.navigation.count)
        for entry in listing.navigation {
            out.string(entry.title)
            out.string(entry.path)
        }
        out.int(listing.tags.count)
        for (slug, tag) in listing.tags.sorted(by: { $0.key < $1.key }) {
            out.string(slug)
            out.string(tag.name)
            out.int(tag.count)
        }
        out.int(listing.tagSlugs.count)
        for (spelling, slug) in listing.tagSlugs.sorted(by: { $0.key < $1.key }) {
            out.string(spelling)
            out.string(slug)
        }
        writeNumbers(listing.newest, to: &out)
        out.int(listing.feeds.count)
        for feed in listing.feeds { write(feed, to: &out) }
        for warnings in [listing.warningsBefore, listing.warningsAfter] {
            out.int(warnings.count)
            for warning in warnings {
                out.optional(warning.file) { $0.string($1) }
                out.optional(warning.line) { $0.int($1) }
                out.string(warning.message)
            }
        }
    }

    private static func listing(from input: inout BinaryReader) throws -> SitePlan.Listing {
        let pages = try (0..<input.count()).map { _ in try page(from: &input) }
        let navigation = try (0..<input.count()).map { _ in NavigationEntry(title: try input.string(), path: try input.string()) }
        var tags: [String: (name: String, count: Int)] = [:]
        for _ in 0..<(try input.count()) {
            let slug = try input.string()
            tags[slug] = (try input.string(), try input.int())
        }
        var tagSlugs: [String: String] = [:]
        for _ in 0..<(try input.count()) {
            let spelling = try input.string()
            tagSlugs[spelling] = try input.string()
        }
        let newest = try numbers(from: &input)
        let feeds = try (0..<input.count()).map { _ in try feed(from: &input) }
        let warnings = try (0..<2).map { _ in
            try (0..<input.count()).map { _ in
                let file = try input.optional { try $0.string() }, line = try input.optional { try $0.int() }
                return SiteError(file: file, line: line, try input.string())
            }
        }
        return SitePlan.Listing(pages: pages, navigation: navigation, tags: tags, tagSlugs: tagSlugs, newest: newest, feeds: feeds,
                                warningsBefore: warnings[0], warningsAfter: warnings[1])
    }

    private static func write(_ page: PageSpec, to out: inout BinaryWriter) {
        out.string(page.path)
        out.string(page.title)
        out.string(page.layout)
        switch page.body {
        case let .item(index, neighbours):
            out.int(0)
            out.int(index)
            out.optional(neighbours) { out, neighbours in
                out.optional(neighbours.previous) { $0.int($1) }
                out.optional(neighbours.next) { $0.int($1) }
            }
        case let .list(intro, pagination, feed):
            out.int(1)
            out.optional(intro) { $0.string($1) }
            out.optional(pagination) { out, pagination in
                out.int(pagination.number)
                out.int(pagination.count)
                out.string(pagination.label)
                out.optional(pagination.previousPath) { $0.string($1) }
                out.optional(pagination.nextPath) { $0.string($1) }
            }
            out.optional(feed) { write($1, to: &$0) }
        }
        out.int(page.lists.count)
        for list in page.lists {
            out.string(list.style.rawValue)
            out.string(list.id)
            out.int(list.sections.count)
            for section in list.sections {
                out.string(section.id)
                out.optional(section.header) { $0.string($1) }
                out.optional(section.footer) { $0.string($1) }
                out.int(section.cells.count)
                for cell in section.cells {
                    switch cell {
                    case let .item(index):
                        out.int(0)
                        out.int(index)
                    case let .tag(slug):
                        out.int(1)
                        out.string(slug)
                    }
                }
            }
        }
        out.string(page.origin.file)
        out.optional(page.origin.line) { $0.int($1) }
    }

    private static func page(from input: inout BinaryReader) throws -> PageSpec {
        let path = try input.string(), title = try input.string(), layout = try input.string()
        let body: PageSpec.Body
        switch try input.int() {
        case 0:
            let index = try input.int()
            body = .item(index, neighbours: try input.optional { input in
                Neighbours(previous: try input.optional { try $0.int() }, next: try input.optional { try $0.int() })
            })
        case 1:
            let intro = try input.optional { try $0.string() }
            let pagination = try input.optional { input in
                Pagination(number: try input.int(), count: try input.int(), label: try input.string(),
                           previousPath: try input.optional { try $0.string() }, nextPath: try input.optional { try $0.string() })
            }
            body = .list(intro: intro, pagination: pagination, feed: try input.optional { try feed(from: &$0) })
        default:
            throw BinaryReader.Malformed()
        }
        let lists = try (0..<input.count()).map { _ in
            guard let style = SectionSettings.Style(rawValue: try input.string()) else { throw BinaryReader.Malformed() }
            let id = try input.string()
            let sections = try (0..<input.count()).map { _ in
                let id = try input.string()
                let header = try input.optional { try $0.string() }, footer = try input.optional { try $0.string() }
                let cells = try (0..<input.count()).map { _ -> ListCell in
                    switch try input.int() {
                    case 0: return .item(try input.int())
                    case 1: return .tag(try input.string())
                    default: throw BinaryReader.Malformed()
                    }
                }
                return ListSection(id: id, header: header, footer: footer, cells: cells)
            }
            return ListModel(style: style, id: id, sections: sections)
        }
        let origin = SourceLocation(file: try input.string(), line: try input.optional { try $0.int() })
        return PageSpec(path: path, title: title, layout: layout, body: body, lists: lists, origin: origin)
    }

    private static func write(_ feed: FeedSpec, to out: inout BinaryWriter) {
        out.string(feed.file)
        out.string(feed.pagePath)
        out.optional(feed.title) { $0.string($1) }
        writeNumbers(feed.items, to: &out)
    }

    private static func feed(from input: inout BinaryReader) throws -> FeedSpec {
        FeedSpec(file: try input.string(), pagePath: try input.string(), title: try input.optional { try $0.string() }, items: try numbers(from: &input))
    }

    private static func writeNumbers(_ numbers: [Int], to out: inout BinaryWriter) {
        out.int(numbers.count)
        for number in numbers { out.int(number) }
    }

    private static func numbers(from input: inout BinaryReader) throws -> [Int] {
        try (0..<input.count()).map { _ in try input.int() }
    }
}
