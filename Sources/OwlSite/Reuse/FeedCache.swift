import Foundation
import Owl
import Synchronization

/// The key of each feed of earlier builds and the file it made, kept in
/// `.owl-cache/feeds.bin`: a feed whose key is unchanged is taken from the output, when the
/// output holds that file as its build left it, rather than made again.
///
/// Every build made every feed, each with the bodies of its newest entries: some thirty
/// feeds (the site's, each section's and each tag's) took 16 million instructions of a
/// one-post rebuild of 10,000 posts, which mostly changes none of them.
final class FeedCache: Sendable {
    /// A feed's key and the file it made.
    private struct Entry: Sendable, Equatable {
        var key: UInt64
        var file: BuildRecord.File
    }

    private static let formatVersion = 1
    private let file: URL?
    private let earlier: [String: Entry]
    /// The entries of this build's feeds, by their files, and how many of them it made.
    private let current = Mutex<(entries: [String: Entry], made: Int)>(([:], 0))

    /// The cache in `cacheFolder` (nil: none; every feed is made).
    init(cacheFolder: URL?) {
        file = cacheFolder?.appendingPathComponent("feeds.bin")
        earlier = file.flatMap { Self.entries(in: $0) } ?? [:]
    }

    /// The key of `feed`: what its XML is made of. The settings (the site's title, author,
    /// language, address, number of entries, time zone and permalinks) and the program;
    /// the feed's file, page and title; and of each entry shown, its source's fingerprints
    /// (its front matter and body), its address and its dates, which passes after the
    /// Markdown cache may set.
    static func key(of feed: FeedSpec, items: [ContentItem], config: SiteConfig, renderer: String) -> UInt64 {
        var hasher = ContentHasher()
        hasher.update(with: "feed \(renderer)\n" + PageKey.settings(config))
        hasher.update(with: "\(feed.file)\0\(feed.pagePath)\0\(feed.title.map { "title \($0)" } ?? "site")\0")
        for index in feed.items.prefix(config.feedCount) {
            let item = items[index]
            let numbers: [UInt64] = [item.fingerprint.file, item.fingerprint.listing,
                           item.date.map { $0.timeIntervalSince1970.bitPattern } ?? 1,
                           item.lastmod.map { $0.timeIntervalSince1970.bitPattern } ?? 1]
            numbers.withUnsafeBytes { hasher.update(with: $0) }
            hasher.update(with: item.path)
            hasher.update(with: "\0")
        }
        return hasher.hash.value
    }

    /// The feed at `path` (a file below the output) with `key` as an earlier build made it,
    /// when `kept`, the output's file at `path`, is that file; nil when it must be made.
    func reusable(_ path: String, key: UInt64, kept: OutputFile?) -> OutputFile? {
        guard let kept, let entry = earlier[path], entry.key == key, kept.record == entry.file else { return nil }
        return kept
    }

    /// Notes that the feed at `path`, of `key`, is `file` in this build, which `made` it or
    /// took it from the output.
    func note(_ path: String, key: UInt64, file: BuildRecord.File, made: Bool) {
        current.withLock {
            $0.entries[path] = Entry(key: key, file: file)
            if made { $0.made += 1 }
        }
    }

    /// How many feeds this build made rather than took from the output.
    var madeCount: Int { current.withLock { $0.made } }

    /// Writes the entries of this build's feeds, when they are not those the cache held.
    func save() {
        let entries = current.withLock { $0.entries }
        guard let file, entries != earlier else { return }
        CacheFile.writeTable(entries, version: Self.formatVersion, to: file) { out, entry in
            out.uint64(entry.key)
            out.uint64(entry.file.hash)
            out.int(entry.file.size)
        }
    }

    /// The entries in `file`; nil when it is missing, damaged or of another version.
    private static func entries(in file: URL) -> [String: Entry]? {
        CacheFile.readTable(file, version: formatVersion) { input in
            Entry(key: try input.uint64(), file: BuildRecord.File(hash: try input.uint64(), size: try input.int()))
        }
    }
}
