import Foundation
import OwlSite
import Testing

/// `owl-site new`: a draft page with a title from its name and today's date.
@Suite struct NewPageTests {
    private let now = Date(timeIntervalSince1970: 1_709_335_800)  // 2024-03-01 23:30:00 UTC

    @Test(arguments: [
        ("posts/my-trip.md", "content/posts/my-trip.md", "My trip"), ("posts/my-trip", "content/posts/my-trip.md", "My trip"),
        ("content/posts/my-trip.md", "content/posts/my-trip.md", "My trip"), ("posts/lake_trip/", "content/posts/lake_trip/index.md", "Lake trip"),
        ("about.markdown", "content/about.markdown", "About"), ("notes/_index.md", "content/notes/_index.md", "Notes"),
        ("posts/say \"hi\"/", "content/posts/say \"hi\"/index.md", "Say \\\"hi\\\""), ("posts/été", "content/posts/été.md", "Été"),
    ])
    func theFileAndTitleComeFromThePath(path: String, file: String, title: String) throws {
        let page = try NewPage(path: path, now: now)
        #expect(page.file == file)
        #expect(page.text == "---\ntitle: \"\(title)\"\ndate: 2024-03-01\ndraft: true\n---\n\n")
    }

    @Test(arguments: ["/etc/evil.md", "../evil.md", "posts/../../evil.md", "posts//a.md", "./a.md", "", "/", "posts/.md", "posts/what?.md", "c#/a.md", "a\nb.md", ".hidden.md", "posts/.drafts/a.md", "..md", "a\u{1}b/c.md", "tab\tbed", "posts/say \\o/"])
    func aPathOutsideContentOrThatAURLCannotCarryIsRefused(path: String) {
        #expect(throws: SiteError.self) { try NewPage(path: path, now: now) }
    }

    /// The command writes the file, folders and all, and never over one that is there. The
    /// page is a draft: in a build with `--drafts` only.
    @Test func theCommandStartsADraftAndLeavesAnExistingFileAlone() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        let created = try site.run(["new", "posts/first-light.md", "--source", site.root.path])
        #expect(created.status == 0 && created.standardError.isEmpty, "\(created.standardError)")
        #expect(created.standardOutput == "created content/posts/first-light.md\n")
        let file = site.root.appendingPathComponent("content/posts/first-light.md")
        try "---\ntitle: Mine\n---\n".write(to: file, atomically: true, encoding: .utf8)
        let again = try site.run(["new", "posts/first-light", "--source", site.root.path])
        #expect(again.status == 1)
        #expect(again.standardError == "error: content/posts/first-light.md: there is a file there already, which owl-site new leaves alone\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == "---\ntitle: Mine\n---\n")

        try site.run(["new", "posts/second-light/", "--source", site.root.path])
        #expect(try site.build().status == 0)
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("posts/second-light").path))
        #expect(try site.build(["--drafts"]).status == 0)
        #expect(try site.page("posts/second-light/index.html").contains("<h1>Second light</h1>"))
    }

    /// A section's address lists its pages: a page of its own there (`index.md`) is not
    /// started beside them, nor a page beside one, as the build would refuse both.
    @Test func aSectionAndAPageOfItsOwnAreNotStartedTogether() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        func new(_ path: String) throws -> ProcessResult { try site.run(["new", path, "--source", site.root.path]) }
        #expect(try new("posts/first-light.md").status == 0)
        let index = try new("posts/")
        #expect(index.status == 1)
        #expect(index.standardError == "error: content/posts/index.md: content/posts/ holds pages, which its address /posts/ lists: "
                + "name this one, as posts/my-trip.md, or write the section's own text in posts/_index.md\n")
        #expect(try new("posts/_index.md").status == 0)
        #expect(try new("posts/trip/").status == 0, "a bundle below the section is a page of its own folder")

        #expect(try new("notes/").status == 0)
        let beside = try new("notes/a.md")
        #expect(beside.status == 1)
        #expect(beside.standardError == "error: content/notes/a.md: content/notes/index.md is the page at /notes/, where a section would list this one: "
                + "rename it _index.md to make notes/ a section, or start this page elsewhere\n")
        #expect(try new("about/").status == 0, "a folder of its own is a page bundle")
        #expect(try site.build(["--drafts"]).status == 0)
    }
}
