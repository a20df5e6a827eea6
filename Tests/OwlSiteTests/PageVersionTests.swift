import Foundation
import Testing
import TestSupport
@testable import OwlSite

/// The page-version protocol as builds write it (docs/patch-format.md): which files an edit
/// changes, the state files and patches, and patches that turn older versions into the new one.
@Suite struct PageVersionTests {
    private func build(_ site: SiteFixture) throws -> BuildReport {
        try SiteBuilder(options: BuildOptions(source: site.root, quiet: true)).build()
    }

    private func writeFirst(_ site: SiteFixture, title: String = "Post first", body: String = "Body of **first**.") throws {
        try site.write("content/posts/first.md", "---\ntitle: \(title)\ndate: 2022-01-05\ntags: [a, b]\nsummary: Summary of first.\n---\n\n## Heading 1\n\n\(body)\n")
    }

    private func key(_ path: String) -> UInt64 { PageVersion.key(ofPath: path) }

    /// The page key is FNV-1a 64 of the path, as owl.js computes it.
    @Test func keysAreFNV1aOfThePath() {
        #expect(PageVersion.hex(key("/")) == "af63a24c860189fe")
        #expect(PageVersion.hex(key("")) == "cbf29ce484222325")
        // Every digit and both ends, as the digits are written one by one.
        #expect(PageVersion.hex(0x0123_4567_89ab_cdef) == "0123456789abcdef")
        #expect(PageVersion.hex(0xfedc_ba98_7654_3210) == "fedcba9876543210")
        #expect(PageVersion.hex(0) == "0000000000000000")
        #expect(PageVersion.hex(.max) == "ffffffffffffffff")
        #expect(PageVersion.patchFile(key: 1, from: 2, to: 0xab) == "_owl/patches/0000000000000001-0000000000000002-00000000000000ab.json")
    }

    /// A page's state file is that of its group: its key's last three hex digits, as owl.js
    /// takes them from the page's meta.
    @Test func aPagesStateFileIsThatOfItsGroup() {
        #expect(StateFile.path(ofKey: key("/")) == "_owl/pages/9fe.json")  // af63a24c860189fe
        #expect(StateFile.group(ofKey: 0xabcd_ef01_2345_6abc) == 0xabc)
        #expect(StateFile.group(ofKey: 0xffff_ffff_ffff_f000) == 0)
        #expect(StateFile.path(ofGroup: 0) == "_owl/pages/000.json")
        #expect(StateFile.path(ofGroup: 0x0a0) == "_owl/pages/0a0.json")
        #expect(StateFile.path(ofGroup: 0xfff) == "_owl/pages/fff.json")
        // 10,000 posts named by their number fill about as many groups as chance would (3,822).
        let groups = Set((0..<10_000).map { StateFile.group(ofKey: key("/posts/post-\(String(format: "%05d", $0))/")) })
        #expect(groups.count > 3_700)
    }

    /// A state file names its pages in the order of their keys, one to a line, and reads back
    /// as it was written.
    @Test func aStateFileWritesItsPagesInTheOrderOfTheirKeys() throws {
        let file = StateFile(entries: [
            2: StateFile.Entry(page: "/b/", version: 0xff, from: []),
            1: StateFile.Entry(page: "/a \"b\"/", version: 1, from: [2, 3]),
        ])
        let text = String(decoding: file.bytes(), as: UTF8.self)
        #expect(text == #"{"format":"owl-pages","pages":{"# + "\n"
            + #""0000000000000001":{"page":"/a \"b\"/","version":"0000000000000001","from":["0000000000000002","0000000000000003"]},"# + "\n"
            + #""0000000000000002":{"page":"/b/","version":"00000000000000ff","from":[]}"# + "\n}}\n")
        #expect(try StateFile(decoding: Data(file.bytes())) == file)
        #expect(String(decoding: StateFile().bytes(), as: UTF8.self) == #"{"format":"owl-pages","pages":{"# + "\n}}\n")
        #expect(throws: (any Error).self) { try StateFile(decoding: Data(#"{"format":"owl-page","pages":{}}"#.utf8)) }
        #expect(throws: (any Error).self) { try StateFile(decoding: Data(#"{"format":"owl-pages","pages":{"12":{"page":"/","version":"0000000000000001","from":[]}}}"#.utf8)) }
    }

    /// A body edit changes the post's page, its state file, a new patch (in the patches'
    /// folder, new here) and the feeds that carry the post: every other file keeps its bytes.
    @Test func aBodyEditChangesThePostItsOwnFilesAndTheFeeds() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        _ = try build(site)
        let before = FolderSnapshot(site.output)
        let old = try BuiltPages(site)
        try writeFirst(site, body: "A new body.")
        let report = try build(site)
        let new = try BuiltPages(site)
        let post = "/posts/first/"
        let changed = Set(FolderSnapshot(site.output).differences(from: before))
        let patch = PageVersion.patchFile(key: key(post), from: old.versions[post]!, to: new.versions[post]!)
        #expect(changed == ["posts/first/index.html", StateFile.path(ofKey: key(post)), patch, "_owl/patches/",
                            "feed.xml", "posts/feed.xml", "tags/a/feed.xml", "tags/b/feed.xml"])
        #expect(report.changedPageKeys == [PageVersion.hex(key(post))])
        #expect(report.renderedPageCount == 1)
        #expect(try ProtocolCheck.problems(in: site.output).isEmpty)
    }

    /// A title edit changes the post, the lists that show it and its neighbour's link to it,
    /// each with its own state file and patches, and the feeds: nothing else.
    @Test func aTitleEditChangesThePostTheListsThatShowItAndTheirOwnFiles() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        _ = try build(site)
        try writeFirst(site, body: "An earlier edit.")  // so that the post has a patch to leave
        _ = try build(site)
        let before = FolderSnapshot(site.output)
        let old = try BuiltPages(site)
        try writeFirst(site, title: "First, retitled", body: "An earlier edit.")
        let report = try build(site)
        let new = try BuiltPages(site)
        let pages = Set(new.versions.keys.filter { new.versions[$0] != old.versions[$0] })
        #expect(pages == ["/posts/first/", "/", "/posts/", "/tags/a/", "/tags/b/", "/posts/second/"])
        var expected: Set<String> = ["feed.xml", "posts/feed.xml", "tags/a/feed.xml", "tags/b/feed.xml"]
        for path in pages {
            expected.insert(new.pages[path]!.file)
            expected.insert(StateFile.path(ofKey: key(path)))
            for from in old.from[path]! { expected.insert(PageVersion.patchFile(key: key(path), from: from, to: old.versions[path]!)) }
            for from in new.from[path]! { expected.insert(PageVersion.patchFile(key: key(path), from: from, to: new.versions[path]!)) }
            #expect(new.from[path]!.first == old.versions[path], "\(path): patched from the version before")
        }
        #expect(Set(FolderSnapshot(site.output).differences(from: before)) == expected)
        #expect(report.changedPageKeys == pages.map { PageVersion.hex(key($0)) }.sorted())
        #expect(try ProtocolCheck.problems(in: site.output).isEmpty)
    }

    /// A visitor holding any of the last `history` versions of a page gets a patch to the
    /// current one; applied as owl.js applies it, it gives the new page's lists and regions.
    @Test(arguments: [nil, 2] as [Int?]) func patchesFromOneAndSeveralVersionsBackGiveTheNewPage(history: Int?) throws {
        let site = try SiteFixture()
        defer { site.remove() }
        if let history { try site.write("owl.yml", "title: Fixture\nbaseURL: https://example.com/blog/\nhistory: \(history)\n") }
        let path = "/posts/"
        var versions: [(version: UInt64, model: PageModel)] = []
        func keep() throws {
            let pages = try BuiltPages(site)
            let manifest = try #require(pages.pages[path])
            let bytes = try [UInt8](Data(contentsOf: site.output.appendingPathComponent(manifest.file)))
            versions.append((pages.versions[path]!, try PageModel(bytes: bytes, manifest: manifest)))
        }
        _ = try build(site)
        try keep()
        let edits: [() throws -> Void] = [
            { try writeFirst(site, title: "First, retitled") },
            { try site.write("content/posts/fifth.md", "---\ntitle: Fifth\ndate: 2023-03-01\ntags: [c]\n---\n\nFifth.\n") },
            { try FileManager.default.removeItem(at: site.root.appendingPathComponent("content/posts/third.md")) },
            { try site.write("content/posts/second.md", "---\ntitle: Second, moved\ndate: 2024-02-01\n---\n\nMoved.\n") },
        ]
        for edit in edits {
            try edit()
            _ = try build(site)
            try keep()
        }
        let current = versions.last!
        let limit = history ?? 5
        let state = try ProtocolCheck.state(of: path, in: site.output)
        let older = versions.dropLast().reversed().prefix(limit)
        #expect(state.version == PageVersion.hex(current.version))
        #expect(state.from == older.map { PageVersion.hex($0.version) }, "most recent first, at most \(limit)")
        for (distance, version) in older.enumerated() {
            let file = site.output.appendingPathComponent(PageVersion.patchFile(key: key(path), from: version.version, to: current.version))
            let patch = try JSONDecoder().decode(PatchFile.self, from: Data(contentsOf: file))
            var model = version.model
            try model.apply(patch)
            #expect(model.html == current.model.html, "\(distance + 1) versions back")
            #expect(model.regions == current.model.regions, "\(distance + 1) versions back")
        }
        let patches = try FileManager.default.contentsOfDirectory(atPath: site.output.appendingPathComponent("_owl/patches").path)
        #expect(patches.filter { $0.hasPrefix(PageVersion.hex(key(path))) }.count == older.count, "older patches leave the output")
        #expect(try ProtocolCheck.problems(in: site.output).isEmpty)
    }

    /// A state file none of whose pages changed keeps its bytes, unless it was changed or
    /// deleted by hand: then it is made again, as a clean build makes it.
    @Test func aStateFileChangedByHandIsMadeAgain() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        _ = try build(site)
        let about = site.output.appendingPathComponent(StateFile.path(ofKey: key("/about/")))
        let root = site.output.appendingPathComponent(StateFile.path(ofKey: key("/")))
        let aboutBytes = try Data(contentsOf: about), rootBytes = try Data(contentsOf: root)
        #expect(StateFile.path(ofKey: key("/about/")) != StateFile.path(ofKey: key("/posts/first/")))
        try Data("{}".utf8).write(to: about)
        try FileManager.default.removeItem(at: root)
        try writeFirst(site, body: "Edited.")
        let report = try build(site)
        #expect(report.renderedPageCount == 1)
        #expect(try Data(contentsOf: about) == aboutBytes)
        #expect(try Data(contentsOf: root) == rootBytes)
        #expect(try ProtocolCheck.problems(in: site.output).isEmpty)
    }

    /// A page that is gone takes its state and patches along; a page that comes back
    /// starts without history.
    @Test func aRemovedPageTakesItsFilesAlong() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        _ = try build(site)
        try writeFirst(site, body: "Edited.")
        _ = try build(site)
        let post = "/posts/first/"
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("content/posts/first.md"))
        let report = try build(site)
        #expect(report.changedPageKeys?.contains(PageVersion.hex(key(post))) == true)
        let stateFile = site.output.appendingPathComponent(StateFile.path(ofKey: key(post)))
        #expect(try !FileManager.default.fileExists(atPath: stateFile.path) || StateFile(decoding: Data(contentsOf: stateFile)).entries[key(post)] == nil)
        let patches = try FileManager.default.contentsOfDirectory(atPath: site.output.appendingPathComponent("_owl/patches").path)
        #expect(!patches.contains { $0.hasPrefix(PageVersion.hex(key(post))) })
        #expect(try ProtocolCheck.problems(in: site.output).isEmpty)
        try writeFirst(site)
        _ = try build(site)
        #expect(try ProtocolCheck.state(of: post, in: site.output).from == [])
    }

    /// Builds of unchanged sources change nothing, and report no page changed.
    @Test func anUnchangedBuildChangesNothing() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        #expect(try build(site).changedPageKeys == nil, "a first build: any page may have changed")
        let before = FolderSnapshot(site.output)
        let report = try build(site)
        #expect(report.changedPageKeys == [] && report.renderedPageCount == 0)
        #expect(FolderSnapshot(site.output) == before)
    }
}
