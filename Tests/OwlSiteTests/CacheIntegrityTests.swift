import Foundation
import Testing
import TestSupport
@testable import OwlSite

/// Every cache entry is checked before use: damaged cache files are rebuilt from the sources,
/// never published; and nothing put where the build's own files go stops a build.
@Suite struct CacheIntegrityTests {
    private func build(_ site: SiteFixture) throws -> BuildReport {
        try SiteBuilder(options: BuildOptions(source: site.root, quiet: true)).build()
    }

    /// The basic site built three times with edits (a history, a spare folder), then `edit` made.
    private func siteWithHistory(then edit: (SiteFixture) throws -> Void) throws -> SiteFixture {
        let site = try SiteFixture()
        _ = try build(site)
        for step in 1...2 {
            try site.write("content/posts/second.md", "---\ntitle: Second \(step)\ndate: 2021-06-01\n---\n\nStep \(step).\n")
            _ = try build(site)
        }
        try edit(site)
        return site
    }

    private func lastEdit(_ site: SiteFixture) throws {
        try site.write("content/posts/third.md", "---\ntitle: Third, last\ndate: 2023-02-01\ntags: [c]\n---\n\nLast.\n")
        try site.write("content/posts/second.md", "---\ntitle: Second 2\ndate: 2021-06-01\n---\n\nStep 2.\n")
    }

    private func cacheFiles(_ site: SiteFixture) -> [URL] {
        let cache = site.root.appendingPathComponent(".owl-cache")
        return BuildFolder.regularFiles(in: cache.path).filter { $0 != ".gitignore" }.map { cache.appendingPathComponent($0) }
    }

    /// The output of a clean build (no cache) of the site's sources.
    private func cleanOutput(of site: SiteFixture) throws -> URL {
        let clean = site.root.appendingPathComponent("clean")
        _ = try SiteBuilder(options: BuildOptions(source: site.root, output: clean, quiet: true, incremental: false)).build()
        return clean
    }

    /// Random bytes written into every cache file: the build knows nothing of earlier builds,
    /// and its output is exactly a clean build's (no history: no patches).
    @Test(arguments: [1, 2, 3] as [UInt64]) func randomBytesInEveryCacheFileGiveACleanBuild(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let site = try siteWithHistory(then: lastEdit)
        defer { site.remove() }
        let files = cacheFiles(site)
        #expect(files.count > 3)
        for file in files {
            var bytes = try [UInt8](Data(contentsOf: file))
            guard !bytes.isEmpty else { continue }
            for _ in 0..<Int.random(in: 1...4, using: &random) { bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random) }
            try Data(bytes).write(to: file)
        }
        _ = try build(site)
        let clean = try cleanOutput(of: site)
        #expect(FolderSnapshot(site.output).differences(from: FolderSnapshot(clean)).isEmpty)
    }

    /// A byte flipped in every segment (the pages' older versions) leaves the record in use:
    /// the pages that did not change are kept, and the pages follow the protocol (a page
    /// whose entries were damaged has no patch from them: its visitors reload).
    @Test func aDamagedSegmentLeavesTheRecordInUse() throws {
        let site = try siteWithHistory { _ in }
        defer { site.remove() }
        let builds = site.root.appendingPathComponent(".owl-cache/builds")
        let segments = try FileManager.default.contentsOfDirectory(atPath: builds.path).filter { $0.hasSuffix(".blobs") }
        #expect(!segments.isEmpty)
        for name in segments {
            let file = builds.appendingPathComponent(name)
            var bytes = try [UInt8](Data(contentsOf: file))
            guard bytes.count > 16 else { continue }
            bytes[(bytes.count - 8) / 2] ^= 0x20
            try Data(bytes).write(to: file)
        }
        try lastEdit(site)
        let report = try build(site)
        #expect(report.renderedPageCount < report.pageCount, "pages are kept from the record")
        let clean = try cleanOutput(of: site)
        let differences = FolderSnapshot(site.output, excluding: AtomicBuildTests.buildDependent)
            .differences(from: FolderSnapshot(clean, excluding: AtomicBuildTests.buildDependent))
        #expect(differences.isEmpty, "\(differences.prefix(3))")
        #expect(try ProtocolCheck.problems(in: site.output).isEmpty)
    }

    /// After each build the records kept can be read, each with all its segments, and no
    /// segment is kept that no record refers to: through edits, a build of unchanged sources
    /// (which saves its record again) and a title change that renders every page.
    @Test func theRecordsKeptAreWholeAndTheirSegmentsAllThatIsKept() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let builds = site.root.appendingPathComponent(".owl-cache/builds")
        let edits: [(SiteFixture) throws -> Void] = [
            { _ in },
            { try $0.write("content/posts/second.md", "---\ntitle: Second 1\ndate: 2021-06-01\n---\n\nOne.\n") },
            { _ in },
            { try $0.write("owl.yml", "title: Retitled\n") },
            { try $0.write("content/posts/second.md", "---\ntitle: Second 2\ndate: 2021-06-01\n---\n\nTwo.\n") },
            { try $0.write("content/posts/third.md", "---\ntitle: Third 2\ndate: 2023-02-01\n---\n\nThree.\n") },
        ]
        for (step, edit) in edits.enumerated() {
            try edit(site)
            _ = try build(site)
            let names = try FileManager.default.contentsOfDirectory(atPath: builds.path)
            let records = names.filter { $0.hasSuffix(".bin") && $0 != "folders.bin" }.map { String($0.dropLast(4)) }
            #expect(!records.isEmpty, "step \(step)")
            var referred = Set<String>()
            for build in records {
                let record = try #require(BuildRecords(cacheFolder: site.root.appendingPathComponent(".owl-cache")).load(build), "step \(step): \(build)")
                referred.formUnion(record.segments.map(\.name))
            }
            #expect(Set(names.filter { $0.hasSuffix(".blobs") }.map { String($0.dropLast(6)) }) == referred, "step \(step)")
        }
    }

    /// A byte flipped in a cached body, which the shard's checksum of its entries does not
    /// cover: a build that renders the page again finds it when it reads the body, starts
    /// again with the file parsed anew, and publishes what a clean build does; the shard is
    /// written again, whole, and the next build renders from it.
    @Test func aDamagedBodyIsFoundWhenItsPageRendersAndNeverPublished() throws {
        let site = try siteWithHistory { _ in }
        defer { site.remove() }
        let shards = site.root.appendingPathComponent(".owl-cache/markdown")
        let body = Data("Body of <strong>first</strong>".utf8)
        let holder = try #require(try FileManager.default.contentsOfDirectory(atPath: shards.path).first { name in
            try Data(contentsOf: shards.appendingPathComponent(name)).range(of: body) != nil
        })
        let shard = shards.appendingPathComponent(holder)
        var bytes = [UInt8](try Data(contentsOf: shard))
        let range = try #require(Data(bytes).range(of: body))
        bytes[range.lowerBound + 2] ^= 0x20  // "Body" becomes "BoDy"
        try Data(bytes).write(to: shard)

        // A change of the site's title renders every page, and reads every body.
        let config = site.root.appendingPathComponent("owl.yml")
        let settings = try String(contentsOf: config, encoding: .utf8)
        try settings.replacingOccurrences(of: "title: Fixture", with: "title: Fixture, renamed").write(to: config, atomically: true, encoding: .utf8)
        let report = try build(site)
        #expect(report.renderedPageCount == report.pageCount)
        #expect(try site.page("posts/first/index.html").contains("Body of <strong>first</strong>"))
        let clean = try cleanOutput(of: site)
        #expect(FolderSnapshot(site.output, excluding: AtomicBuildTests.buildDependent)
            .differences(from: FolderSnapshot(clean, excluding: AtomicBuildTests.buildDependent)).isEmpty)
        try FileManager.default.removeItem(at: clean)
        #expect(try Data(contentsOf: shard).range(of: body) != nil, "the shard written again")

        // Its entry is whole again: the title back, every page rendered from the cache.
        try settings.write(to: config, atomically: true, encoding: .utf8)
        _ = try build(site)
        #expect(try site.page("posts/first/index.html").contains("Body of <strong>first</strong>"))
        let cleanAgain = try cleanOutput(of: site)
        #expect(FolderSnapshot(site.output, excluding: AtomicBuildTests.buildDependent)
            .differences(from: FolderSnapshot(cleanAgain, excluding: AtomicBuildTests.buildDependent)).isEmpty)
    }

    /// One cache file damaged at a time (a flipped byte, cut short, emptied, a folder or a
    /// FIFO in its place): the pages equal a clean build's and follow the protocol.
    @Test func eachDamagedCacheFileIsRebuilt() throws {
        var random = SeededGenerator(seed: 11)
        let probe = try siteWithHistory { _ in }
        let names = cacheFiles(probe).map { $0.path.dropFirst(probe.root.path.count + 1) }
        probe.remove()
        #expect(names.contains { $0.hasPrefix(".owl-cache/builds/") } && names.contains { $0.hasPrefix(".owl-cache/markdown/") })
        #expect(names.contains(".owl-cache/static.bin"))
        for (number, name) in names.enumerated() {
            let site = try siteWithHistory(then: lastEdit)
            defer { site.remove() }
            let file = site.root.appendingPathComponent(String(name))
            guard let original = FileManager.default.contents(atPath: file.path) else { continue }
            var bytes = [UInt8](original)
            switch number % 5 {
            case 0 where !bytes.isEmpty: bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= 0x20
            case 1: bytes = Array(bytes.prefix(bytes.count / 2))
            case 2: bytes = []
            case 3:
                try FileManager.default.removeItem(at: file)
                try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
            default:
                try FileManager.default.removeItem(at: file)
                #expect(mkfifo(file.path, 0o644) == 0)
            }
            if number % 5 < 3 { try Data(bytes).write(to: file) }
            _ = try build(site)
            let clean = try cleanOutput(of: site)
            let differences = FolderSnapshot(site.output, excluding: AtomicBuildTests.buildDependent)
                .differences(from: FolderSnapshot(clean, excluding: AtomicBuildTests.buildDependent))
            #expect(differences.isEmpty, "\(name): \(differences.prefix(3))")
            #expect(try ProtocolCheck.problems(in: site.output).isEmpty, "\(name)")
        }
    }

    /// A folder or a FIFO where the output used to have a file (`_owl/build.json` of earlier
    /// versions, a page), in the output or in the spare folder: builds go on, and it goes.
    @Test(arguments: ["_owl/build.json", "posts/first/index.html", "_owl/pages/9fe.json"])
    func aFolderOrFIFOWhereAFileWasDoesNotStopABuild(path: String) throws {
        let site = try siteWithHistory { _ in }
        defer { site.remove() }
        let spare = site.root.appendingPathComponent(".public.owl-spare")
        for (folder, fifo) in [(site.output, false), (spare, true), (site.output, true), (spare, false)] {
            let target = folder.appendingPathComponent(path)
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            if fifo {
                #expect(mkfifo(target.path, 0o644) == 0)
            } else {
                try FileManager.default.createDirectory(at: target.appendingPathComponent("inside"), withIntermediateDirectories: true)
            }
            try lastEdit(site)
            _ = try build(site)
            try site.write("content/posts/second.md", "---\ntitle: Second again\ndate: 2021-06-01\n---\n\nAgain.\n")
            _ = try build(site)
            let clean = try cleanOutput(of: site)
            #expect(FolderSnapshot(site.output, excluding: AtomicBuildTests.buildDependent)
                .differences(from: FolderSnapshot(clean, excluding: AtomicBuildTests.buildDependent)).isEmpty, "\(path) in \(folder.lastPathComponent)")
            try FileManager.default.removeItem(at: clean)
        }
    }
}
