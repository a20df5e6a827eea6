import Foundation
import Testing

/// `owl-site import`: a Jekyll, Hugo or Zola site, written to that generator's documented
/// conventions, becomes an owl-site folder whose build has every page at its old address.
@Suite struct ImportTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var generator: String
        /// The files of the pages the generator itself writes for the fixture (its addresses).
        var pages: [String]
        /// Files the generator would not write (drafts, unpublished posts).
        var absent: [String]
        /// What the import names as not carried: `file:line: …` beginnings.
        var notCarried: [String]
        /// Lines of the owl.yml it writes.
        var settings: [String]
        var testDescription: String { generator }
    }

    static let cases: [Case] = [
        Case(
            generator: "jekyll",
            pages: ["index.html", "news/2015/12/03/welcome/index.html", "2016/01/10/second-post/index.html", "custom/address/index.html",
                    "about/index.html", "docs/install/index.html", "reach-us/index.html", "assets/style.css"],
            absent: ["2016/02/01/unfinished/index.html", "posts/unfinished/index.html", "idea/index.html", "contact/index.html"],
            notCarried: ["_config.yml:9: 'plugins' is not carried", "_drafts/idea.md: a draft is not carried",
                         "_includes/head.html: not carried", "_layouts/default.html: not carried",
                         "_posts/2015-12-03-welcome.md:6: 1 Liquid tag(s) or output(s)"],
            settings: [#"title: "Jekyll Fixture""#, #"baseURL: "https://example.com/blog/""#, #"author: "Jane Doe""#,
                       #""posts": "/:categories/:year/:month/:day/:slug/""#, #"timezone: "Europe/Berlin""#]
        ),
        Case(
            generator: "hugo",
            pages: ["index.html", "about/index.html", "posts/index.html", "2023/01/first-post/index.html", "2023/02/trip/index.html",
                    "2023/02/trip/photo.jpg", "special/third/index.html", "old/third/index.html", "docs/guide/index.html", "images/logo.png",
                    "tags/hugo/index.html", "categories/travel/index.html", "series/getting-started/index.html"],
            absent: ["2023/03/hidden/index.html", "posts/hidden/index.html"],
            notCarried: ["content/posts/first-post.md:7: 1 Hugo shortcode(s)", "layouts/_default/single.html: not carried"],
            settings: [#"title: "Hugo Fixture""#, #"baseURL: "https://example.org/""#, #"author: "Hugo Author""#,
                       #""posts": "/:year/:month/:slugortitle/""#, #"taxonomies: ["categories", "series"]"#]
        ),
        Case(
            generator: "zola",
            pages: ["index.html", "blog/index.html", "blog/first/index.html", "second-post/index.html", "blog/new-name/index.html",
                    "blog/third/index.html", "blog/third/image.png", "pages/about/index.html", "favicon.ico",
                    "tags/zola/index.html", "categories/notes/index.html"],
            absent: ["blog/2021-03-04-first/index.html", "blog/second/index.html", "blog/renamed/index.html"],
            notCarried: ["config.toml:10: 'markdown' is not carried", "config.toml:13: 'extra' is not carried", "templates/page.html: not carried"],
            settings: [#"title: "Zola Fixture""#, #"baseURL: "https://zola.example.com/""#, #"author: "Zola Author""#, #"taxonomies: ["categories"]"#]
        ),
    ]

    @Test(arguments: cases)
    func everyPageKeepsItsAddress(_ importCase: Case) throws {
        let site = try SiteFixture(importCase.generator)
        defer { site.remove() }
        let imported = site.root.appendingPathComponent("imported")
        let result = try site.run(["import", importCase.generator, site.root.path, "--output", imported.path])
        #expect(result.status == 0, "\(result.standardError)")
        for note in importCase.notCarried {
            #expect(result.standardError.contains("not carried: \(note)"), "\(note)\n\(result.standardError)")
        }
        let settings = try String(contentsOf: imported.appendingPathComponent("owl.yml"), encoding: .utf8)
        for line in importCase.settings { #expect(settings.contains(line), "\(line)\n\(settings)") }

        let build = try site.run(["build", "--source", imported.path])
        #expect(build.status == 0, "\(build.standardError)")
        let output = imported.appendingPathComponent("public")
        for page in importCase.pages {
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(page).path), "\(page)")
        }
        for page in importCase.absent {
            #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent(page).path), "\(page)")
        }
        let feed = try String(contentsOf: output.appendingPathComponent("feed.xml"), encoding: .utf8)
        #expect(AtomFeedChecks.everyEntryHasRequiredElements(feed), "\(feed)")
    }

    @Test func anExistingFolderIsNeverWrittenOver() throws {
        let site = try SiteFixture("hugo")
        defer { site.remove() }
        let existing = site.root.appendingPathComponent("existing")
        try FileManager.default.createDirectory(at: existing, withIntermediateDirectories: true)
        let before = FolderSnapshot(site.root)
        let result = try site.run(["import", "hugo", site.root.path, "--output", existing.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("exists already: import writes a new folder, never over one"), "\(result.standardError)")
        #expect(FolderSnapshot(site.root) == before)
    }

    @Test func aFolderOfAnotherGeneratorIsRefused() throws {
        let site = try SiteFixture("jekyll")
        defer { site.remove() }
        let result = try site.run(["import", "zola", site.root.path, "--output", site.root.appendingPathComponent("out").path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("no config.toml: is this a Zola site?"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent("out").path))
        let unknown = try site.run(["import", "gatsby", site.root.path])
        #expect(unknown.status != 0)
        #expect(unknown.standardError.contains("the generator is one of jekyll, hugo, zola"), "\(unknown.standardError)")
    }
}
