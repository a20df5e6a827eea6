import Foundation
import Testing

/// Every kind of bad input gives `file:line: message`, a non-zero exit, no crash and an untouched output.
@Suite struct BuildErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var overlay: String
        var location: String
        var message: String
        var testDescription: String { overlay }
    }

    static let cases: [Case] = [
        Case(overlay: "malformed-front-matter", location: "content/posts/bad.md:4:", message: "YAML"),
        Case(overlay: "front-matter-not-mapping", location: "content/posts/bad.md:2:", message: "expected a mapping"),
        Case(overlay: "wrong-type", location: "content/posts/bad.md:3:", message: "'date' must be a date"),
        Case(overlay: "no-such-day", location: "content/posts/bad.md:3:", message: "'date' is not a real date or time: '2023-02-29'"),
        Case(overlay: "missing-partial", location: "Templates/layouts/single.mustache:2:", message: "template 'partials/nowhere' not found"),
        Case(overlay: "recursive-partial", location: "Templates/partials/menu.mustache:2:", message: "template 'partials/header' includes itself"),
        Case(overlay: "unreadable-template", location: "Templates/layouts/single.mustache:1:", message: "invalid UTF-8"),
        Case(overlay: "template-syntax", location: "Templates/layouts/single.mustache:", message: "template syntax error"),
        Case(overlay: "deep-sections", location: "Templates/layouts/single.mustache:2:", message: "sections and included templates nest more than 100 deep"),
        Case(overlay: "deep-through-includes", location: "Templates/layouts/single.mustache:3:", message: "sections and included templates nest more than 100 deep"),
        Case(overlay: "dynamic-partial", location: "Templates/layouts/single.mustache:2:", message: "'{{>*kind}}' names its template dynamically, which owl-site does not support; name the template"),
        Case(overlay: "missing-parent", location: "Templates/cells/TagCell.mustache:2:", message: "template 'frame' not found"),
        Case(overlay: "recursive-parent", location: "Templates/frame.mustache:2:", message: "template 'frame' includes itself (frame → frame)"),
        Case(overlay: "partial-behind-delimiters", location: "Templates/partials/header.mustache:3:", message: "template 'partials/header' includes itself"),
        Case(overlay: "duplicate-url", location: "content/posts/", message: "two pages claim /posts/first/"),
        Case(overlay: "index-in-section", location: "content/posts/", message: "index.md is the page of its folder; a section's own text goes in _index.md"),
        Case(overlay: "url-breaking-name", location: "content/posts/what?.md:", message: "the file's name has '?', which a URL cannot carry"),
        Case(overlay: "slug-escape", location: "content/posts/bad.md:3:", message: "would escape the output folder"),
        Case(overlay: "alias-taken", location: "content/posts/renamed.md:3:", message: "alias /posts/second/ is taken by the page /posts/second/"),
        Case(overlay: "alias-twice", location: "content/posts/b.md:4:", message: "alias /old/ is taken by an alias of content/posts/a.md"),
        Case(overlay: "alias-on-static", location: "content/posts/a.md:3:", message: "alias /old/ is taken by static/old/index.html"),
        Case(overlay: "alias-empty", location: "content/posts/bad.md:4:", message: "alias '' is not a page's address"),
        Case(overlay: "alias-escape", location: "content/posts/bad.md:4:", message: "alias '/posts/../../etc/evil/' would escape the output folder"),
        Case(overlay: "reserved-page", location: "content/sneaky.md:3:", message: "/_owl/patches/ would be inside _owl/, where owl-site keeps its own files"),
        Case(overlay: "copied-twice", location: "content/images/owl.txt:", message: "static/images/owl.txt is copied to images/owl.txt too"),
        Case(overlay: "bundle-file-taken", location: "content/posts/trip/lake.jpg:",
             message: "it goes with its page /posts/elsewhere/ to posts/elsewhere/lake.jpg, where static/posts/elsewhere/lake.jpg is copied too"),
        Case(overlay: "page-file-in-content", location: "content/posts/first/index.html:", message: "the file posts/first/index.html is also the page /posts/first/"),
        Case(overlay: "section-feed-taken", location: "static/posts/feed.xml:", message: "posts/feed.xml is the feed of /posts/, which owl-site writes; rename this file"),
        Case(overlay: "page-named-feed", location: "content/posts/bad.md:3:",
             message: "the page /posts/feed.xml/ would need a folder feed.xml/, a name owl-site gives files it writes"),
        Case(overlay: "file-in-page-folder", location: "content/posts/first.md:1:",
             message: "the page /posts/first/ needs the folder posts/first/, which static/posts/first takes; rename one of them"),
        Case(overlay: "alias-under-static-file", location: "content/posts/bad.md:3:",
             message: "an alias of content/posts/bad.md needs the folder old/, which static/old takes; rename one of them"),
        Case(overlay: "alias-in-page-file", location: "content/posts/bad.md:3:",
             message: "alias '/posts/first/index.html/' would need a folder index.html/, a name owl-site gives files it writes"),
        Case(overlay: "static-sitemap", location: "static/sitemap.xml:", message: "sitemap.xml is the site's sitemap, which owl-site writes"),
        Case(overlay: "reserved-static", location: "static/_owl/owl.js:", message: "_owl/owl.js would be inside _owl/, where owl-site keeps its own files"),
        Case(overlay: "invalid-utf8", location: "content/posts/bad.md:6:", message: "invalid UTF-8"),
        Case(overlay: "unknown-config-key", location: "owl.yml:5:", message: "unknown key 'colour'"),
        Case(overlay: "alias-bomb", location: "content/posts/bad.md:10:", message: "YAML: its aliases make it stand for more than 1000000 values"),
        Case(overlay: "bad-language", location: "owl.yml:2:", message: "language 'en_US' is not a language tag, such as en, de or pt-BR"),
        Case(overlay: "bad-base-url", location: "owl.yml:2:", message: "baseURL 'example.com/blog/' is not an absolute http or https URL"),
        Case(overlay: "data-bad-yaml", location: "data/links.yml:4:", message: "YAML"),
        Case(overlay: "data-not-data", location: "data/notes.txt:", message: "a data file is YAML (.yml, .yaml) or JSON (.json)"),
        Case(overlay: "data-twice", location: "data/team/size.json:", message: "site.data.team is data/team.yml too; keep one of them"),
        Case(overlay: "data-dotted-name", location: "data/my.links.yml:", message: "'my.links' cannot name a value in templates"),
    ]

    @Test(arguments: cases)
    func reportsTheFileAndLineAndKeepsThePreviousOutput(_ errorCase: Case) throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let first = try site.build()
        #expect(first.status == 0, "\(first.standardError)")
        let before = FolderSnapshot(site.output)
        #expect(!before.files.isEmpty)

        try site.overlay("errors/\(errorCase.overlay)")
        let result = try site.build()

        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("error: \(errorCase.location)"), "\(result.standardError)")
        #expect(result.standardError.contains(errorCase.message), "\(result.standardError)")
        #expect(FolderSnapshot(site.output) == before)
        let leftovers = try site.foldersBesideOutput().filter { $0 != ".public.owl-spare" }
        #expect(leftovers.isEmpty)
    }

    /// A first build makes the output's folders while its pages render: one that fails
    /// after that (here, a static file is also a page) leaves no output and nothing beside it.
    @Test func aFirstBuildThatFailsLeavesNoOutput() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.write("static/posts/first/index.html", "<p>also a page</p>\n")
        for _ in 1...2 {
            let result = try site.build()
            #expect(result.status == 1)
            #expect(result.standardError == "error: static/posts/first/index.html: the file posts/first/index.html is also the page /posts/first/\n")
            #expect(!FileManager.default.fileExists(atPath: site.output.path))
            let beside = try site.foldersBesideOutput()
            #expect(beside.isEmpty)
        }
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("static/posts"))
        let fixed = try site.build()
        #expect(fixed.status == 0, "\(fixed.standardError)")
        #expect(try site.foldersBesideOutput().isEmpty)
        let clean = try SiteFixture()
        defer { clean.remove() }
        #expect(try clean.build().status == 0)
        #expect(FolderSnapshot(site.output) == FolderSnapshot(clean.output))
    }

    @Test func aBrokenInternalLinkIsAWarningNamingFileAndLine() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.overlay("warnings/broken-link")
        let result = try site.build()
        #expect(result.status == 0)
        #expect(result.standardError.contains("warning: content/posts/linking.md:8: broken link: /blog/posts/gone/"), "\(result.standardError)")
        #expect(!result.standardError.contains("/about/"))
        // Built again, the bodies come from the cache, and are checked all the same.
        let again = try site.build()
        #expect(again.standardError.contains("warning: content/posts/linking.md:8: broken link: /blog/posts/gone/"), "\(again.standardError)")
        #expect(!again.standardError.contains("/about/"))
    }

    /// Settings for a section without a folder (a misspelt name) apply to nothing: a warning.
    @Test func aSectionSettingWithoutAFolderIsAWarningNamingTheLine() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.write("owl.yml", "title: Fixture\nsections:\n  projects: { style: grid }\n  post: { pageSize: 2 }\n")
        let result = try site.build()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == "warning: owl.yml:4: section 'post' has no folder content/post/: its settings apply to nothing\n")
    }

    /// A layout of the site's own without the page version builds pages that never update in a browser.
    @Test func pagesWithoutAVersionAreAWarning() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.write("Templates/layouts/base.mustache", "<!doctype html><title>{{page.title}}</title>{{{content}}}")
        for _ in 1...2 {  // built, then reused
            let result = try site.build()
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardError.contains("warning: 15 of 15 pages carry no page version, such as /: their layout leaves out"), "\(result.standardError)")
        }
    }

    @Test func aMissingContentFolderIsAnError() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        let result = try site.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains("content: no content folder"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root.path).isEmpty, "no output, nothing beside it")
    }

    @Test func aSourceThatIsNoFolderIsNamed() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let missing = site.root.appendingPathComponent("nowhere")
        let result = try site.run(["build", "--source", missing.path, "--output", site.output.path])
        #expect(result.status == 1)
        #expect(result.standardError == "error: \(missing.path): no such folder: the source is the site's folder, which holds content/\n", "\(result.standardError)")
    }

    @Test(arguments: [".", "..", "content/public", "static", "Templates/out"])
    func anOutputFolderOverTheSourcesIsRefused(_ output: String) throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let sources = FolderSnapshot(site.root)
        let result = try site.build(["--output", site.root.appendingPathComponent(output).path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("choose another --output") || result.standardError.contains("choose an --output outside it"), "\(result.standardError)")
        #expect(FolderSnapshot(site.root) == sources, "the sources are untouched")
    }

    /// An output that holds something other than an earlier build is left as it is: the
    /// build would swap it out, and a later build empty it.
    @Test(arguments: [false, true])
    func anOutputOfOtherFilesIsRefused(isFile: Bool) throws {
        let site = try SiteFixture()
        defer { site.remove() }
        if isFile {
            try site.write("public", "my notes\n")
        } else {
            try site.write("public/notes.txt", "my notes\n")
        }
        let before = FolderSnapshot(site.root)
        let result = try site.build()
        #expect(result.status == 1)
        let problem = isFile ? "is a file, not a folder: building would replace it" : "holds files but no earlier build of a site: building would replace them"
        #expect(result.standardError.contains(problem) && result.standardError.contains(site.output.path), "\(result.standardError)")
        #expect(FolderSnapshot(site.root) == before, "nothing is moved, written or deleted")
    }

    /// `serve` refuses such an output, and a source that is no folder, rather than serve anything.
    @Test(arguments: [false, true])
    func serveRefusesFoldersThatAreNotASite(missingSource: Bool) throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.write("public/notes.txt", "my notes\n")
        let before = FolderSnapshot(site.root)
        let source = missingSource ? site.root.appendingPathComponent("nowhere") : site.root
        // Should it serve after all, `timeout` ends it, with status 124.
        let result = try ProcessResult.run(URL(fileURLWithPath: "/usr/bin/timeout"), [
            "20", SiteFixture.binary.path, "serve", "--source", source.path, "--output", site.output.path, "--port", "0", "--no-watch",
        ], in: site.root)
        #expect(result.status == 1)
        let message = missingSource
            ? "\(source.path): no such folder: the source is the site's folder, which holds content/"
            : "the output folder \(site.output.path) holds files but no earlier build of a site: building would replace them; empty it, or choose another --output"
        #expect(result.standardError == "error: \(message)\n", "\(result.standardError)")
        #expect(!result.standardOutput.contains("Serving"))
        #expect(FolderSnapshot(site.root) == before)
    }

    /// An empty folder is taken as the output, and an earlier build is replaced.
    @Test func anEmptyOutputFolderOrAnEarlierBuildIsBuiltInto() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try FileManager.default.createDirectory(at: site.output, withIntermediateDirectories: true)
        #expect(try site.build().status == 0)
        #expect(try site.build(["--base-url", "https://example.com/other/"]).status == 0)
        #expect(try site.page("index.html").contains("/other/"))
    }

    @Test(arguments: ["example.com", "/blog/", "ftp://example.com/", "https://", "https://example.com/?page=2", "https://example.com/#top", "https://example.com:99999/", "https://example.com/100%/", "https://example.com/%zz/"])
    func aBaseURLThatCannotBeOneIsRefused(_ baseURL: String) throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let result = try site.build(["--base-url", baseURL])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("error: --base-url '\(baseURL)'"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
    }

    /// A path the system cannot make a folder at is an error in its words, naming the folder.
    @Test func anOutputFolderThatCannotBeMadeIsAnErrorNamingIt() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.write("a-file", "not a folder\n")
        let output = site.root.appendingPathComponent("a-file/public")
        let result = try site.build(["--output", output.path])
        #expect(result.status == 1)
        #expect(result.standardError == "error: \(output.path): cannot create the folder \(output.deletingLastPathComponent().path): File exists\n",
                "\(result.standardError)")
    }

    @Test func unknownOptionsExitNonZeroAndHelpDescribesBuild() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        #expect(try site.run(["build", "--no-such-option"]).status != 0)
        let help = try site.run(["build", "--help"])
        #expect(help.status == 0)
        for option in ["--source", "--output", "--drafts", "--base-url", "--quiet"] {
            #expect(help.standardOutput.contains(option))
        }
    }

    @Test func versionPrintsTheVersionAlone() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let version = try site.run(["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput.wholeMatch(of: /\d+\.\d+\.\d+\n/) != nil, "\(version.standardOutput)")
    }
}
