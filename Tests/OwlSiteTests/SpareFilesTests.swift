import Foundation
import Testing
@testable import OwlSite

/// The spare folder's files are opened while a build renders and written through when it
/// writes; whatever the build does, none stays open.
@Suite struct SpareFilesTests {
    /// The files below `folder` this process holds open (tests running beside this one open
    /// files of their own, elsewhere).
    private func openFiles(below folder: URL) -> [String] {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)") }
            .filter { $0.hasPrefix(folder.path + "/") }
    }

    /// The files below `folder` still open once the opening thread is done with them. It is
    /// not waited for: asked to stop, it closes what it holds when it next runs, which on
    /// an idle-priority thread may take a moment. A file left open for 10 s is a leak.
    private func filesLeftOpen(below folder: URL) -> [String] {
        let deadline = Date().addingTimeInterval(10)
        var open = openFiles(below: folder)
        while !open.isEmpty, Date() < deadline {
            usleep(10_000)
            open = openFiles(below: folder)
        }
        return open
    }

    /// A site built three times (its spare holds the second build, with a record), its
    /// builder, output and records.
    private func siteWithSpare() throws -> (site: SiteFixture, builder: SiteBuilder, output: AtomicOutput, records: BuildRecords) {
        let site = try SiteFixture()
        let builder = SiteBuilder(options: BuildOptions(source: site.root, quiet: true))
        for title in ["One", "Two", "Three"] {
            try site.write("content/posts/first.md", "---\ntitle: \(title)\ndate: 2022-01-05\n---\n")
            _ = try builder.build()
        }
        return (site, builder, AtomicOutput(output: site.output), BuildRecords(cacheFolder: site.root.appendingPathComponent(".owl-cache")))
    }

    @Test func noBuildLeavesAFileOfTheOutputOpen() throws {
        let (site, builder, _, _) = try siteWithSpare()
        defer { site.remove() }
        #expect(filesLeftOpen(below: site.root).isEmpty, "after builds that wrote through the spare's files")
        _ = try builder.build()
        #expect(filesLeftOpen(below: site.root).isEmpty, "after a build that found nothing to write")
        // A file that is also a page fails the build once every page is rendered.
        try site.write("static/posts/second/index.html", "a page of my own")
        #expect(throws: SiteError.self) { try builder.build() }
        #expect(filesLeftOpen(below: site.root).isEmpty, "after a build that failed late")
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("static/posts"))
        try site.overlay("errors/template-syntax")
        #expect(throws: SiteError.self) { try builder.build() }
        #expect(filesLeftOpen(below: site.root).isEmpty, "after a build that failed early")
    }

    @Test func theFilesAreUsedInTheFolderTheyWereOpenedInAndNoOther() throws {
        let (site, _, output, records) = try siteWithSpare()
        defer { site.remove() }
        let spare = try #require(output.spare)
        let build = try #require(BuildManifest.build(inOutput: spare))
        let finished = FileWriter.changeTime(ofFile: spare.appendingPathComponent(BuildManifest.file).path)

        let opened = try #require(SpareFiles.opening(besideOutput: output, records: records))
        opened.waitUntilOpened()
        let descriptors = try #require(opened.take(in: spare, holding: build, finishedAt: finished))
        #expect(descriptors["posts/second/index.html"] != nil && descriptors[BuildManifest.file] == nil)
        #expect(openFiles(below: spare).count == descriptors.count)
        opened.close()  // taken: they are the taker's to close
        #expect(openFiles(below: spare).count == descriptors.count)
        SpareFiles.close(descriptors.values)

        // Another folder in its place, or another build in it: the files are closed, not used.
        let moved = try #require(SpareFiles.opening(besideOutput: output, records: records))
        let aside = site.root.appendingPathComponent("aside")
        try FileManager.default.moveItem(at: spare, to: aside)
        try FileManager.default.copyItem(at: aside, to: spare)
        #expect(moved.take(in: spare, holding: build, finishedAt: finished) == nil)
        let rebuilt = try #require(SpareFiles.opening(besideOutput: output, records: records))
        #expect(rebuilt.take(in: spare, holding: build, finishedAt: finished.map { $0 + 1 }) == nil)
        #expect(filesLeftOpen(below: site.root).isEmpty)
    }

    /// The spare's own files, with another build id, written through the files opened. A
    /// change made after they were opened is not looked for again: it shows that the write
    /// went through them (a file opened at write time would be found changed and rewritten).
    @Test func theWriteGoesThroughTheFilesOpened() throws {
        let (site, _, output, records) = try siteWithSpare()
        defer { site.remove() }
        let spareFolder = try #require(output.spare)
        let spare = try #require(SpareFiles.opening(besideOutput: output, records: records))
        spare.waitUntilOpened()
        let held = try #require(records.load(spare.build))
        var files: [String: OutputFile] = [:]
        for path in held.filePaths() where path != BuildManifest.file {
            files[path] = OutputFile(previous: path, try #require(held.file(path)))
        }
        files[BuildManifest.file] = OutputFile(Array(try Data(contentsOf: spareFolder.appendingPathComponent(BuildManifest.file))))
        let page = "posts/second/index.html"
        let original = try String(contentsOf: spareFolder.appendingPathComponent(page), encoding: .utf8)
        usleep(50_000)  // past the clock tick in which the build finished
        try Data(original.replacingOccurrences(of: "<h1", with: "<h2").utf8).write(to: spareFolder.appendingPathComponent(page))

        let buildID = "0123456789abcdef"
        try output.write(files, buildID: buildID, record: records.load, spare: spare)
        let written = try site.page(page)
        #expect(written.contains("<h2") && !written.contains("<h1"), "the change made after opening stays")
        #expect(written.contains(buildID) && !written.contains(spare.build))
        for path in held.filePaths() where held.file(path)?.buildIDOffsets.isEmpty == false {
            #expect(try site.page(path).contains(buildID), "\(path)")
        }
        #expect(filesLeftOpen(below: site.root).isEmpty)
    }

    @Test func aFileChangedByHandIsNotOpened() throws {
        let (site, _, output, records) = try siteWithSpare()
        defer { site.remove() }
        let spare = try #require(output.spare)
        usleep(50_000)  // past the clock tick in which the build finished
        // At its size: only the change time tells.
        let page = spare.appendingPathComponent("posts/second/index.html")
        try Data(try String(contentsOf: page, encoding: .utf8).replacingOccurrences(of: "<h1", with: "<h2").utf8).write(to: page)
        let opened = try #require(SpareFiles.opening(besideOutput: output, records: records))
        opened.waitUntilOpened()
        let descriptors = try #require(opened.take(in: spare, holding: opened.build, finishedAt: opened.finished))
        defer { SpareFiles.close(descriptors.values) }
        #expect(descriptors["posts/second/index.html"] == nil && descriptors["posts/third/index.html"] != nil)
    }
}
