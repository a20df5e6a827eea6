import Foundation
import Testing
import TestSupport
@testable import OwlSite
#if canImport(Glibc)
import Glibc
#endif

/// A rebuild links the files it keeps from the previous output rather than copying them,
/// so the output and the spare share files: neither is ever written in place through the
/// other, and a file they share is not written again.
@Suite struct SharedFilesTests {
    private func build(_ site: SiteFixture) throws {
        _ = try SiteBuilder(options: BuildOptions(source: site.root, quiet: true)).build()
    }

    private func status(_ url: URL) throws -> stat {
        var status = stat()
        try #require(lstat(url.path, &status) == 0, "no file at \(url.path)")
        return status
    }

    private func spare(_ site: SiteFixture) -> URL {
        site.root.appendingPathComponent(".public.owl-spare")
    }

    private func editBody(_ site: SiteFixture, _ name: String, _ line: String) throws {
        let url = site.root.appendingPathComponent("content/posts/\(name).md")
        try site.write("content/posts/\(name).md", try String(contentsOf: url, encoding: .utf8) + "\n\(line)\n")
    }

    /// The basic site built, its first post's body edited, and built again: that rebuild
    /// had no spare yet, so it made a new folder, which took the kept files from the output.
    private func siteAfterAFirstRebuild() throws -> SiteFixture {
        let site = try SiteFixture()
        try build(site)
        try editBody(site, "first", "A new line.")
        try build(site)
        return site
    }

    @Test func theFirstRebuildLinksTheFilesItKeeps() throws {
        let site = try siteAfterAFirstRebuild()
        defer { site.remove() }
        let kept = try status(site.output.appendingPathComponent("posts/second/index.html"))
        let before = try status(spare(site).appendingPathComponent("posts/second/index.html"))
        #expect(kept.st_ino == before.st_ino && kept.st_nlink == 2, "the unchanged page is one file in both folders")
        let changed = try status(site.output.appendingPathComponent("posts/first/index.html"))
        #expect(changed.st_nlink == 1, "the changed page is a file of its own")
        #expect(try site.page("posts/first/index.html").contains("A new line."))
    }

    @Test func aRebuildReplacesAFileItSharesRatherThanWritingIntoIt() throws {
        let site = try siteAfterAFirstRebuild()  // the output and the spare share the unchanged pages
        defer { site.remove() }
        let shared = try String(contentsOf: spare(site).appendingPathComponent("posts/second/index.html"), encoding: .utf8)
        try editBody(site, "second", "Second, edited.")
        try build(site)  // writes the page of `second` into the spare, whose file the output shares
        // The output swapped out (now the spare) keeps the page as its build made it.
        #expect(try String(contentsOf: spare(site).appendingPathComponent("posts/second/index.html"), encoding: .utf8) == shared)
        #expect(try site.page("posts/second/index.html").contains("Second, edited."))
    }

    @Test func aFileTheFoldersShareIsNotWrittenAgain() throws {
        let site = try siteAfterAFirstRebuild()  // the output and the spare share the unchanged pages
        defer { site.remove() }
        let shared = try status(site.output.appendingPathComponent("posts/second/index.html"))
        usleep(50_000)  // past the clock tick of the build: a link or write would change the file's change time
        try editBody(site, "first", "Another line.")
        try build(site)  // into the spare, whose files the link changed since its build
        let after = try status(site.output.appendingPathComponent("posts/second/index.html"))
        #expect(after.st_ino == shared.st_ino)
        #expect(after.st_ctim.tv_sec == shared.st_ctim.tv_sec && after.st_ctim.tv_nsec == shared.st_ctim.tv_nsec,
                "the file the spare shares with the output is kept as it is, not linked again")
        #expect(try site.page("posts/first/index.html").contains("Another line."))
    }

    @Test func aSharedFileChangedByHandIsRebuiltInBothFolders() throws {
        let site = try siteAfterAFirstRebuild()  // the output and the spare share the unchanged pages
        defer { site.remove() }
        usleep(50_000)
        // Written in place: the spare's file, the same one, changes with it.
        try site.write("public/posts/second/index.html", "changed by hand")
        try editBody(site, "first", "Another line.")
        try build(site)
        #expect(try site.page("posts/second/index.html").contains("<h1"))
        try editBody(site, "first", "A third line.")
        try build(site)  // into the folder that held the file changed by hand
        #expect(try site.page("posts/second/index.html").contains("<h1"))
        #expect(try site.page("posts/first/index.html").contains("A third line."))
    }
}
