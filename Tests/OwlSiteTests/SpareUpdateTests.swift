import Foundation
import Testing
import TestSupport
@testable import OwlSite

/// A build updates the spare output in place from the build records; the result must be
/// what a build without any cache writes from the same sources (the pages' state files and
/// patches aside, which depend on the pages' earlier versions).
@Suite struct SpareUpdateTests {
    /// Builds `site` with its cache, and a copy of its previous output without one. When
    /// `writingAsItRenders`, every rebuild writes its pages into the spare as they render.
    private func buildBoth(_ site: SiteFixture, twin: URL, writingAsItRenders: Bool = false) throws {
        try? FileManager.default.removeItem(at: twin)
        if FileManager.default.fileExists(atPath: site.output.path) {
            try FileManager.default.copyItem(at: site.output, to: twin)
        }
        var options = BuildOptions(source: site.root, quiet: true)
        if writingAsItRenders { options.writesAsItRendersFrom = 0 }
        let cached = try SiteBuilder(options: options).build()
        let uncached = try SiteBuilder(options: BuildOptions(source: site.root, output: twin, quiet: true, incremental: false)).build()
        #expect(cached.pageCount == uncached.pageCount)
    }

    @Test(arguments: [false, true]) func randomEditsThroughTheSpareEqualBuildsWithoutCache(writingAsItRenders: Bool) throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let twin = site.root.appendingPathComponent("twin")
        var random = SeededGenerator(seed: 23)  // 16 steps that make every kind of edit at least twice
        var posts = ["first", "second", "third", "fourth"]
        try buildBoth(site, twin: twin, writingAsItRenders: writingAsItRenders)
        for step in 0..<16 {
            switch random.next() % 6 {
            case 0:
                let name = "new-\(step)"
                posts.append(name)
                try site.write("content/posts/\(name).md", "---\ntitle: New \(step)\ndate: 202\(step % 4)-02-0\(1 + step % 8)\ntags: [t\(step % 3)]\n---\n\nBody \(step).\n")
            case 1 where posts.count > 2:
                let name = posts.remove(at: Int.random(in: 0..<posts.count, using: &random))
                try FileManager.default.removeItem(at: site.root.appendingPathComponent("content/posts/\(name).md"))
            case 2:
                let name = posts[Int.random(in: 0..<posts.count, using: &random)]
                try site.write("content/posts/\(name).md", "---\ntitle: \(name) edited \(step)\ndate: 2021-0\(1 + step % 9)-10\ntags: [a, t\(step % 2)]\n---\n\nEdited \(step).\n")
            case 3:
                try site.write("static/files/step.txt", "step \(step)")
            case 4:
                // The body alone: lists keep their pages.
                let name = posts[Int.random(in: 0..<posts.count, using: &random)]
                let text = try String(contentsOf: site.root.appendingPathComponent("content/posts/\(name).md"), encoding: .utf8)
                try site.write("content/posts/\(name).md", text + "\nMore \(step).\n")
            default:
                try? FileManager.default.removeItem(at: site.root.appendingPathComponent("static/files"))
            }
            try buildBoth(site, twin: twin, writingAsItRenders: writingAsItRenders)
            #expect(FolderSnapshot(site.output, excluding: AtomicBuildTests.buildDependent)
                .differences(from: FolderSnapshot(twin, excluding: AtomicBuildTests.buildDependent)).isEmpty, "step \(step)")
        }
        let spare = site.root.appendingPathComponent(".public.owl-spare")
        #expect(BuildRecords(cacheFolder: site.root.appendingPathComponent(".owl-cache")).held(by: spare) != nil, "the spare holds a finished build")
    }

    /// A post renamed: one page comes and one goes, and the build has as many files as the
    /// one the spare holds. The page gone leaves the output, whether the pages are written
    /// as they render or at the end.
    @Test(arguments: [false, true]) func aPostRenamedLeavesNoPageBehind(writingAsItRenders: Bool) throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let twin = site.root.appendingPathComponent("twin")
        try buildBoth(site, twin: twin, writingAsItRenders: writingAsItRenders)
        // A change, so that the next build writes into a spare that holds a known build.
        let first = try String(contentsOf: site.root.appendingPathComponent("content/posts/first.md"), encoding: .utf8)
        try site.write("content/posts/first.md", first + "\nMore.\n")
        try buildBoth(site, twin: twin, writingAsItRenders: writingAsItRenders)
        let spare = site.root.appendingPathComponent(".public.owl-spare")
        #expect(BuildRecords(cacheFolder: site.root.appendingPathComponent(".owl-cache")).held(by: spare) != nil)
        let text = try String(contentsOf: site.root.appendingPathComponent("content/posts/second.md"), encoding: .utf8)
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("content/posts/second.md"))
        try site.write("content/posts/renamed.md", text)
        try buildBoth(site, twin: twin, writingAsItRenders: writingAsItRenders)
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("posts/second/index.html").path))
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("posts/renamed/index.html").path))
        #expect(FolderSnapshot(site.output, excluding: AtomicBuildTests.buildDependent)
            .differences(from: FolderSnapshot(twin, excluding: AtomicBuildTests.buildDependent)).isEmpty)
    }

    /// With a history of one version, each body edit of a post adds one patch and drops one:
    /// the build has as many files as the one the spare holds, and the file it adds is one
    /// it wrote as it rendered (into the spare, as the files the spare keeps). The patch
    /// dropped leaves the output all the same. (Counted among the spare's own files, the
    /// patches written as they rendered once made the build find none gone.)
    @Test(arguments: [false, true]) func aPatchDroppedLeavesTheOutputWhenTheBuildBalancesIt(writingAsItRenders: Bool) throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.write("owl.yml", "title: Fixture\nbaseURL: https://example.com/blog/\nhistory: 1\n")
        var options = BuildOptions(source: site.root, quiet: true)
        if writingAsItRenders { options.writesAsItRendersFrom = 0 }
        let post = site.root.appendingPathComponent("content/posts/first.md")
        let text = try String(contentsOf: post, encoding: .utf8)
        let patches = site.output.appendingPathComponent("_owl/patches")
        let key = PageVersion.hex(PageVersion.key(ofPath: "/posts/first/"))
        for edit in 0..<5 {
            try site.write("content/posts/first.md", text + "\nEdit \(edit).\n")
            let report = try SiteBuilder(options: options).build()
            #expect(report.renderedPageCount == (edit == 0 ? report.pageCount : 1), "edit \(edit)")
            let own = ((try? FileManager.default.contentsOfDirectory(atPath: patches.path)) ?? []).filter { $0.hasPrefix(key) }
            #expect(own.count == (edit == 0 ? 0 : 1), "edit \(edit): one patch, from the version before")
            #expect(try ProtocolCheck.problems(in: site.output).isEmpty, "edit \(edit)")
        }
    }

    @Test(arguments: [false, true]) func anOutputChangedByHandIsRebuiltFromTheSources(keepingTheSize: Bool) throws {
        let site = try SiteFixture()
        defer { site.remove() }
        _ = try SiteBuilder(options: BuildOptions(source: site.root, quiet: true)).build()
        // The page is reused from the previous output, which no longer holds it as built.
        let page = try site.page("posts/second/index.html")
        try site.write("public/posts/second/index.html", keepingTheSize ? page.replacingOccurrences(of: "<h1", with: "<h2") : "changed by hand")
        try site.write("content/posts/first.md", "---\ntitle: First again\ndate: 2022-01-05\n---\n")
        _ = try SiteBuilder(options: BuildOptions(source: site.root, quiet: true)).build()
        #expect(try site.page("posts/second/index.html").contains("<h1"))
        #expect(try site.page("posts/first/index.html").contains("First again"))
    }

    /// A build of the same sources writes nothing, unless a file of the output was written
    /// over since: then it writes what a build writes.
    @Test(arguments: [false, true]) func anEditByHandIsUndoneByABuildOfTheSameSources(keepingTheSize: Bool) throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let builder = SiteBuilder(options: BuildOptions(source: site.root, quiet: true))
        _ = try builder.build()
        let original = try site.page("posts/second/index.html")
        usleep(50_000)  // past the clock tick in which the build finished
        try site.write("public/posts/second/index.html", keepingTheSize ? String(original.reversed()) : "changed by hand")
        _ = try builder.build()
        #expect(try site.page("posts/second/index.html") == original)
    }

    /// A folder edited by hand becomes the spare two builds later: the files its record
    /// says need no rewriting must still be checked, or the edit comes back.
    @Test(arguments: ["posts/second/index.html", "_owl/owl.js"])
    func anEditByHandDoesNotComeBackWhenItsFolderIsTheSpare(path: String) throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let builder = SiteBuilder(options: BuildOptions(source: site.root, quiet: true))
        _ = try builder.build()
        let original = try site.page(path)
        // File systems stamp change times at a clock tick (milliseconds): an edit in the tick
        // in which the build finished cannot be told apart. People edit later than that.
        usleep(50_000)
        try site.write("public/" + path, String(original.reversed()))  // the same size, other bytes
        for title in ["One", "Two", "Three"] {
            try site.write("content/posts/first.md", "---\ntitle: \(title)\ndate: 2022-01-05\n---\n")
            _ = try builder.build()
            #expect(try site.page(path).prefix(40) == original.prefix(40), "after the build of '\(title)'")
        }
    }

    @Test func aStagingFolderOfAnUnknownBuildIsRewrittenWhole() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let builder = SiteBuilder(options: BuildOptions(source: site.root, quiet: true))
        _ = try builder.build()
        try site.write("content/posts/first.md", "---\ntitle: One\ndate: 2022-01-05\n---\n")
        _ = try builder.build()
        // What a build killed while updating the spare leaves: files half written, and the
        // cache says the folder holds no known build.
        let spare = site.root.appendingPathComponent(".public.owl-spare")
        BuildRecords(cacheFolder: site.root.appendingPathComponent(".owl-cache")).remember(spare, of: site.output, holding: nil)
        try Data("half".utf8).write(to: spare.appendingPathComponent("posts/third/index.html"))
        try site.write("content/posts/first.md", "---\ntitle: Two\ndate: 2022-01-05\n---\n")
        _ = try builder.build()
        let clean = site.root.appendingPathComponent("clean")
        _ = try SiteBuilder(options: BuildOptions(source: site.root, output: clean, quiet: true, incremental: false)).build()
        #expect(FolderSnapshot(site.output, excluding: AtomicBuildTests.buildDependent)
            .differences(from: FolderSnapshot(clean, excluding: AtomicBuildTests.buildDependent)).isEmpty)
    }

    /// A rebuild that writes its pages into the spare as they render, and then fails, leaves
    /// the output as it was; the next build writes the spare whole.
    @Test func aRebuildThatFailsAfterWritingPagesLeavesTheOutputAndTheNextBuildWhole() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        var options = BuildOptions(source: site.root, quiet: true)
        options.writesAsItRendersFrom = 0
        let builder = SiteBuilder(options: options)
        _ = try builder.build()
        try site.write("content/posts/first.md", "---\ntitle: One\ndate: 2022-01-05\n---\n")
        _ = try builder.build()  // the spare now holds the first build
        let before = FolderSnapshot(site.output, excluding: [])
        // A file in a page's place fails the build once its pages are rendered (and written).
        try site.write("static/posts/second/index.html", "in the way")
        try site.write("content/posts/first.md", "---\ntitle: Two\ndate: 2022-01-05\n---\n")
        #expect(throws: SiteError.self) { try builder.build() }
        #expect(FolderSnapshot(site.output, excluding: []).differences(from: before).isEmpty, "the output is as it was")
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("static/posts"))
        _ = try builder.build()
        let clean = site.root.appendingPathComponent("clean")
        _ = try SiteBuilder(options: BuildOptions(source: site.root, output: clean, quiet: true, incremental: false)).build()
        #expect(FolderSnapshot(site.output, excluding: AtomicBuildTests.buildDependent)
            .differences(from: FolderSnapshot(clean, excluding: AtomicBuildTests.buildDependent)).isEmpty)
        #expect(try site.page("posts/first/index.html").contains("Two"))
    }
}
