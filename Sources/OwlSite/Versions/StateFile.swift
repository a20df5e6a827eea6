import Foundation

/// A state file (docs/patch-format.md): for each page of one group, its path, its current
/// version and the older versions that have a patch to it. The pages fall into 4,096
/// groups by their key alone, one file each, `_owl/pages/GGG.json` (the key's last three hex
/// digits), so owl.js finds a page's state file from the key in the page's meta, and the file
/// changes only when one of its pages does.
///
/// One file for a group rather than for each page: a state file of its own per page was a
/// third of the files and folders of a site (at 10,000 posts, 10,000 of some 30,000), each
/// made by a cold build and looked at by every rebuild. With none, a one-post body edit of
/// 10,000 posts took 183 ms rather than 217 (medians of 9, interleaved) and a cold build
/// 0.83 s rather than 0.89 on tmpfs. A group holds about 2.5 pages at 10,000 pages and 25
/// at 100,000: a few kilobytes for a visitor's check.
struct StateFile: Equatable, Sendable {
    /// One page's state.
    struct Entry: Equatable, Sendable {
        /// The page's path below the site root (`/`, `/posts/hello/`, `/404.html`).
        var page: String
        /// The page's current version.
        var version: UInt64
        /// The older versions with a patch to `version`, most recent first.
        var from: [UInt64]
    }

    /// The group's pages, by key.
    var entries: [UInt64: Entry]

    init(entries: [UInt64: Entry] = [:]) {
        self.entries = entries
    }

    /// How many groups the pages fall into: enough that a group of a site of 100,000 pages
    /// is a few kilobytes, few enough that a site of 10,000 has a third as many state files.
    static let groupCount = 4096

    /// The group of the page with key `key`: the key's low 12 bits, its last three hex
    /// digits, which owl.js takes from the page's meta as they are. (FNV-1a's low 12 bits
    /// are a hash of the path of their own: 10,000 posts named by a number fall into 3,900
    /// groups, as many as chance would fill, and 100,000 into all 4,096, at most 38 in one.)
    static func group(ofKey key: UInt64) -> Int {
        Int(truncatingIfNeeded: key & 0xfff)
    }

    /// The state file of `group`, below the output folder: the folder, the group's three
    /// hex digits, `.json`.
    ///
    /// Written byte by byte into the string's own storage: a rebuild names the state file of
    /// every group it keeps (3,900 at 10,000 pages), twice, and the folder, the last three of
    /// sixteen hex digits and the suffix joined as strings took it 12 million instructions.
    static func path(ofGroup group: Int) -> String {
        let prefix = folder.utf8, suffix = ".json".utf8
        return String(unsafeUninitializedCapacity: prefix.count + 3 + suffix.count) { buffer in
            var index = buffer.initialize(fromContentsOf: prefix)
            for shift in [8, 4, 0] {
                buffer[index] = PageVersion.hexDigit(UInt64(group) >> UInt64(shift))
                index += 1
            }
            return buffer[index...].initialize(fromContentsOf: suffix)
        }
    }

    /// The state file of the page with key `key`, below the output folder.
    static func path(ofKey key: UInt64) -> String {
        path(ofGroup: group(ofKey: key))
    }

    private static let folder = "\(SitePath.reservedFolder)/pages/"

    /// The file's bytes: its pages by key, in the order of their keys, one to a line.
    func bytes() -> [UInt8] {
        var out = JSONOutput()
        out.raw("{\"format\":\"owl-pages\",\"pages\":{")
        out.separated(entries.sorted { $0.key < $1.key }) { out, pair in
            let (key, entry) = pair
            out.raw("\n\"\(PageVersion.hex(key))\":{\"page\":")
            out.string(entry.page)
            out.raw(",\"version\":\"\(PageVersion.hex(entry.version))\",\"from\":[")
            out.separated(entry.from) { out, version in out.raw("\"\(PageVersion.hex(version))\"") }
            out.raw("]}")
        }
        out.raw("\n}}\n")
        return out.bytes
    }

    /// The state file in `data`; throws when it is not one.
    init(decoding data: Data) throws {
        let decoded = try JSONDecoder().decode(Decoded.self, from: data)
        guard decoded.format == "owl-pages" else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not a state file")) }
        var entries: [UInt64: Entry] = [:]
        for (key, state) in decoded.pages {
            guard let key = PageVersion.parse(key), let version = PageVersion.parse(state.version) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "a key or version is not 16 hex digits"))
            }
            entries[key] = Entry(page: state.page, version: version, from: state.from.compactMap(PageVersion.parse))
        }
        self.entries = entries
    }

    /// A state file as JSON gives it.
    private struct Decoded: Decodable {
        struct State: Decodable {
            var page: String
            var version: String
            var from: [String]
        }

        var format: String
        var pages: [String: State]
    }

    /// The state files of a build whose pages are `pages`, with their files (their records
    /// give each page's version and `from`), by path below the output folder: one for each
    /// group that has a page.
    ///
    /// A group whose pages were all reused from `previous`, the build the output holds, and
    /// which lost none since, has the bytes that build gave it: its file is taken through
    /// `kept` (``BuildReuse/keptFile(each:)``), when it can be kept, rather than made again.
    /// Making every group's file took a one-post rebuild of 10,000 pages 7 ms of one core.
    static func files(of pages: [RenderedPage], with pageFiles: [PageFiles], previous: BuildRecord?,
                      kept: ([String]) -> [OutputFile?]) -> [(path: String, file: OutputFile)] {
        let pageGroups = pages.map { group(ofKey: $0.key) }
        // The groups made: all on a first build; else those of the pages rendered and gone.
        var made = [Bool](repeating: previous == nil, count: groupCount)
        if let previous {
            for (page, group) in zip(pages, pageGroups) where page.reused == nil { made[group] = true }
            for path in previous.pagePathsGone(from: pages) { made[group(ofKey: PageVersion.key(ofPath: path))] = true }
        }
        // The other groups that have a page: their files, looked up at once.
        var keptGroups: [Int] = []
        var listed = made
        for group in pageGroups where !listed[group] {
            listed[group] = true
            keptGroups.append(group)
        }
        var result: [(path: String, file: OutputFile)] = []
        let keptPaths = keptGroups.map(path(ofGroup:))
        for ((group, path), file) in zip(zip(keptGroups, keptPaths), kept(keptPaths)) {
            if let file {
                result.append((path, file))
            } else {
                made[group] = true  // changed or deleted by hand: made again
            }
        }
        var groups: [Int: StateFile] = [:]
        for ((page, own), group) in zip(zip(pages, pageFiles), pageGroups) where made[group] {
            groups[group, default: StateFile()].entries[page.key] = Entry(page: page.path, version: own.record.version, from: own.record.from)
        }
        result += groups.map { group, file in (path(ofGroup: group), OutputFile(file.bytes())) }
        return result
    }
}
