import Foundation
import Testing
@testable import OwlSite

/// `owl-site diff` reads any build folder page by page, from the pages' own markers.
@Suite("Build folders")
struct BuildFolderTests {
    /// The basic site built into `old/` without a cache, then with `edit` made into `new/`.
    private func twoBuilds(_ edit: (SiteFixture) throws -> Void) throws -> (site: SiteFixture, old: URL, new: URL) {
        let site = try SiteFixture()
        let old = site.root.appendingPathComponent("old"), new = site.root.appendingPathComponent("new")
        _ = try SiteBuilder(options: BuildOptions(source: site.root, output: old, quiet: true, incremental: false)).build()
        try edit(site)
        _ = try SiteBuilder(options: BuildOptions(source: site.root, output: new, quiet: true, incremental: false)).build()
        return (site, old, new)
    }

    private func retitleFirst(_ site: SiteFixture) throws {
        try site.write("content/posts/first.md", "---\ntitle: First, retitled\ndate: 2022-01-05\ntags: [a, b]\n---\n\nBody of **first**.\n")
    }

    @Test func aMissingFolderOrOneWithoutPagesIsNamed() throws {
        #expect(throws: BuildDiffError.folder(path: "/nonexistent-owl-build", reason: "no such folder")) {
            try BuildFolder(URL(fileURLWithPath: "/nonexistent-owl-build"))
        }
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("owl-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        try Data("<html><body>no version</body></html>".utf8).write(to: empty.appendingPathComponent("index.html"))
        #expect(throws: BuildDiffError.folder(path: empty.path, reason: "no build of owl-site here (no _owl/ folder): is this a build folder?")) {
            try BuildFolder(empty)
        }
        try FileManager.default.createDirectory(at: empty.appendingPathComponent("_owl"), withIntermediateDirectories: true)
        #expect(throws: BuildDiffError.folder(path: empty.path, reason: "no page carries an owl-page version (is this a build folder?)")) {
            try BuildFolder(empty)
        }
    }

    @Test func pagesAreReadBackWithTheirVersionsAndLists() throws {
        let (site, old, _) = try twoBuilds { _ in }
        defer { site.remove() }
        let folder = try BuildFolder(old)
        #expect(Set(folder.pages.keys).isSuperset(of: ["/", "/posts/", "/posts/first/", "/404.html", "/tags/a/"]))
        let posts = try #require(folder.pages["/posts/"])
        let bytes = try Data(contentsOf: old.appendingPathComponent("posts/index.html"))
        #expect(posts.version == PageScanner.keyAndVersion(in: [UInt8](bytes))?.version)
        #expect(posts.manifest.lists.first?.sections.flatMap(\.cells).count == 4, "the four published posts")
        #expect(folder.otherFiles["assets/site.css"] != nil && folder.otherFiles.keys.allSatisfy { !$0.hasPrefix("_owl/pages/") })
    }

    @Test func aRetitledPostChangesItsPageAndTheListsThatShowIt() throws {
        let (site, old, new) = try twoBuilds(retitleFirst)
        defer { site.remove() }
        let diff = try BuildDiff(from: BuildFolder(old), to: BuildFolder(new))
        let changed = Set(diff.changed.map(\.path))
        #expect(changed.isSuperset(of: ["/posts/first/", "/posts/", "/tags/a/", "/tags/b/"]))
        #expect(!changed.contains("/about/") && diff.added.isEmpty && diff.removed.isEmpty)
        let posts = try #require(diff.patches.first { $0.page == "/posts/" })
        #expect(posts.lists?.first?.stages.flatMap(\.elementUpdated).map(\.id) == ["posts-first"] || posts.lists != nil)
        #expect(diff.otherFiles.contains("feed.xml"))
    }

    @Test func writeAddsThePatchesAndNamesThemInTheStateFiles() throws {
        let (site, old, new) = try twoBuilds(retitleFirst)
        defer { site.remove() }
        let newFolder = try BuildFolder(new)
        let diff = try BuildDiff(from: BuildFolder(old), to: newFolder)
        let written = try newFolder.write(diff)
        let stateFiles = Set(diff.patches.map { StateFile.path(ofKey: PageVersion.key(ofPath: $0.page)) })
        #expect(written.map(\.path).sorted() == (diff.patches.map(\.path) + stateFiles).map { new.appendingPathComponent($0).path }.sorted())
        #expect(!diff.patches.isEmpty)
        for patch in diff.patches {
            let file = new.appendingPathComponent(patch.path)
            #expect(try JSONDecoder().decode(PatchFile.self, from: Data(contentsOf: file)) == patch)
            let key = PageVersion.key(ofPath: patch.page)
            let state = try StateFile(decoding: Data(contentsOf: new.appendingPathComponent(StateFile.path(ofKey: key))))
            #expect(state.entries[key] == StateFile.Entry(page: patch.page, version: PageVersion.parse(patch.to)!, from: [PageVersion.parse(patch.from)!]))
        }
    }

    /// A build into the folder since it was compared put other pages there: a patch would
    /// lead to a version the folder no longer holds.
    @Test func aFolderBuiltAgainSinceItWasReadGetsNoPatch() throws {
        let (site, old, new) = try twoBuilds(retitleFirst)
        defer { site.remove() }
        let newFolder = try BuildFolder(new)
        let diff = try BuildDiff(from: BuildFolder(old), to: newFolder)
        try site.write("content/posts/first.md", "---\ntitle: First, again\ndate: 2022-01-05\ntags: [a, b]\n---\n\nBody.\n")
        _ = try SiteBuilder(options: BuildOptions(source: site.root, output: new, quiet: true, incremental: false)).build()
        #expect(throws: BuildDiffError.self) { try newFolder.write(diff) }
    }

    /// The write takes its turn with builds into the folder, through their lock. (It waits
    /// on a thread of its own, not on one that other tests share.)
    @Test func theWriteWaitsForABuildIntoTheFolder() throws {
        let (site, old, new) = try twoBuilds(retitleFirst)
        defer { site.remove() }
        let newFolder = try BuildFolder(new)
        let diff = try BuildDiff(from: BuildFolder(old), to: newFolder)
        let lock = try OutputLock(output: new) {}
        let written = HandOver<[URL]>()
        Thread {
            do { written.put(try newFolder.write(diff)) } catch { written.fail(error) }
        }.start()
        Thread.sleep(forTimeInterval: 0.3)
        let path = new.appendingPathComponent(try #require(diff.patches.first).path).path
        #expect(!FileManager.default.fileExists(atPath: path), "written while a build held the lock")
        lock.release()
        #expect(try written.take().contains { $0.path == path })
    }

    @Test func aPatchThatCannotBeWrittenSaysWhereAndWhy() throws {
        let (site, old, new) = try twoBuilds(retitleFirst)
        defer { site.remove() }
        let newFolder = try BuildFolder(new)
        let diff = try BuildDiff(from: BuildFolder(old), to: newFolder)
        // A file where the patches' folder belongs.
        try Data().write(to: new.appendingPathComponent("_owl/patches"))
        #expect(throws: BuildDiffError.self) { try newFolder.write(diff) }
    }
}
