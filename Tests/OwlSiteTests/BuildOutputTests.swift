import Foundation
import Owl
@testable import OwlSite
import Testing

/// The built site: pages, lists, markers, manifest, feed, sitemap, drafts, base path.
@Suite struct BuildOutputTests {
    @Test func everyLinkOnEveryPageLeadsSomewhere() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        #expect(try site.build().status == 0)
        let pages = FolderSnapshot(site.output).files.filter { $0.key.hasSuffix(".html") }
        #expect(pages.count > 10)
        for (path, bytes) in pages {
            #expect(!String(decoding: bytes, as: UTF8.self).contains("href=\"\""), "\(path) has an empty link")
        }
        #expect(try site.page("tags/index.html").contains("<a class=\"tag-chip\" href=\"/blog/tags/a/\">#a <span class=\"count\">"))
    }

    @Test func buildsEveryPageWithTheDOMMarkersAndItsVersion() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let result = try site.build()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty, "not a terminal: no summary")

        let manifest = try BuiltPages(site)
        for gone in ["_owl/build.json", "_owl/head.json", "_owl/history"] {
            #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent(gone).path), "no build-wide file \(gone)")
        }
        #expect(manifest.pages.keys.sorted() == [
            "/", "/404.html", "/about/", "/posts/", "/posts/first/", "/posts/fourth/", "/posts/second/", "/posts/third/",
            "/projects/", "/projects/one/", "/projects/two/", "/tags/", "/tags/a/", "/tags/b/", "/tags/c/",
        ])
        for (path, page) in manifest.pages {
            let html = try site.page(page.file)
            let key = PageVersion.hex(PageVersion.key(ofPath: path)), version = PageVersion.hex(manifest.versions[path]!)
            #expect(html.contains("<meta name=\"owl-page\" content=\"\(key) \(version)\">"), "\(path)")
            #expect(!html.contains(manifest.build), "nothing build-wide in a page")
            #expect(html.contains("<script src=\"/blog/_owl/owl.js\" defer></script>"))
        }

        let posts = try #require(manifest.pages["/posts/"])
        let list = try #require(posts.lists.first)
        #expect(list.id == "posts")
        #expect(list.sections.map(\.id) == ["2024", "2023", "2022"])
        #expect(list.sections.map { $0.cells.map(\.id) } == [["posts-fourth"], ["posts-third", "posts-second"], ["posts-first"]])
        let html = try site.page("posts/index.html")
        // The year is a heading; its count, in the section's word, sits beside it.
        #expect(html.contains("<header class=\"owl-header\" data-owl-header><h2 class=\"section-heading\">2023</h2><p class=\"count\">2 posts</p></header>"))
        #expect(!html.contains("<footer class=\"owl-footer\""))

        let grid = try #require(manifest.pages["/projects/"]?.lists.first)
        #expect(grid.sections.map { $0.cells.map(\.id) } == [["projects-two", "projects-one"]])
        #expect(try site.page("projects/index.html").contains("<div class=\"owl-grid\" data-owl-list=\"projects\">"))
    }

    @Test func manifestRangesAndHashesMatchTheWrittenBytes() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.build()
        let manifest = try BuiltPages(site)
        var checkedCells = 0
        for (path, page) in manifest.pages {
            let bytes = try [UInt8](Data(contentsOf: site.output.appendingPathComponent(page.file)))
            for list in page.lists {
                for section in list.sections {
                    let outer = String(decoding: bytes[section.range[0]..<section.range[1]], as: UTF8.self)
                    #expect(outer.hasPrefix("<") && outer.contains("data-owl-section=\"\(section.id)\"") && outer.hasSuffix(">"), "\(path)")
                    for cell in section.cells {
                        let cellHTML = bytes[cell.start..<cell.end]
                        #expect(String(decoding: cellHTML, as: UTF8.self).contains("data-owl-cell=\"\(cell.id)\""))
                        #expect(cell.hash == xxh64(cellHTML))
                        #expect(cell.start >= section.range[0] && cell.end <= section.range[1])
                        checkedCells += 1
                    }
                }
            }
            for (name, region) in page.regions {
                let outer = String(decoding: bytes[region.start..<region.end], as: UTF8.self)
                #expect(outer.contains("data-owl-region=\"\(name)\""))
                #expect(region.hash == xxh64(bytes[region.start..<region.end]))
            }
        }
        #expect(checkedCells > 10)
        #expect(manifest.pages["/posts/first/"]?.regions.keys.sorted() == ["content", "description", "footer", "nav", "og-description", "og-title", "post-nav", "title"])
    }

    /// A post saved with CRLF line ends, or with a byte-order mark first, keeps its front matter.
    @Test func frontMatterIsReadThroughCRLFAndAByteOrderMark() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.write("content/posts/crlf.md", "---\r\ntitle: Windows lines\r\ndate: 2021-03-04\r\n---\r\n\r\nBody.\r\n")
        try Data([0xEF, 0xBB, 0xBF] + Array("---\ntitle: Marked\ndate: 2021-03-05\n---\n\nBody.\n".utf8))
            .write(to: site.root.appendingPathComponent("content/posts/bom.md"))
        let result = try site.build()
        #expect(result.status == 0, "\(result.standardError)")
        for (file, title) in [("crlf", "Windows lines"), ("bom", "Marked")] {
            let page = try site.page("posts/\(file)/index.html")
            #expect(page.contains(">\(title) · ") && !page.contains("title: \(title)"), "\(file)")
        }
    }

    /// Without a `title`, a page reads as its file's name, a section's list as its folder's,
    /// and the home page as the site; the home page's `<title>` is the site's alone.
    @Test func pagesWithoutATitleAreTitledAfterTheirNames() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        func title(_ file: String) throws -> String? {
            let page = try site.page(file)
            guard let start = page.range(of: "<title data-owl-region=\"title\">"), let end = page.range(of: "</title>") else { return nil }
            return String(page[start.upperBound..<end.lowerBound])
        }
        #expect(try site.build().status == 0)
        #expect(try title("index.html") == "Fixture", "a home page titled Home")

        try site.write("content/_index.md", "Welcome.\n")
        try site.write("content/release-notes/_index.md", "Notes on each release.\n")
        try site.write("content/release-notes/version_two-point-0.md", "---\ndate: 2024-01-02\n---\n\nBody.\n")
        let result = try site.build()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try title("release-notes/version_two-point-0/index.html") == "Version two point 0 · Fixture")
        #expect(try title("release-notes/index.html") == "Release notes · Fixture")
        #expect(try site.page("release-notes/index.html").contains(">Version two point 0</a>"))
        #expect(try title("index.html") == "Fixture")
        #expect(try title("about/index.html") == "About · Fixture")

        // owl.yml's title for a section stands when its `_index.md` has none.
        try site.write("owl.yml", try String(contentsOf: site.root.appendingPathComponent("owl.yml"), encoding: .utf8)
                       + "  release-notes: { title: Changes }\n")
        #expect(try site.build().status == 0)
        #expect(try title("release-notes/index.html") == "Changes · Fixture")
    }

    @Test func leavesOutDraftsAndFuturePostsUnlessAsked() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.build()
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("posts/draft/index.html").path))
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("posts/future/index.html").path))
        try site.build(["--drafts"])
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("posts/draft/index.html").path))
        #expect(try site.page("posts/index.html").contains("data-owl-cell=\"posts-future\""))
    }

    @Test func tagPagesListNewestFirstUnderTheFirstSpellingInSourceOrder() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        for (name, date, tags) in [("a", "2020-01-01", "Swift Lang"), ("b", "2024-01-01", "swift lang, other"), ("c", "2022-01-01", "SWIFT LANG")] {
            try site.write("content/posts/\(name).md", "---\ntitle: \(name.uppercased())\ndate: \(date)\ntags: [\(tags)]\n---\n\(name)")
        }
        try site.build()
        let page = try site.page("tags/swift-lang/index.html")
        #expect(page.contains("#Swift Lang") && !page.contains("#swift lang") && !page.contains("#SWIFT LANG"))
        let cells = ["posts-b", "posts-c", "posts-a"].compactMap { page.range(of: "data-owl-cell=\"\($0)\"")?.lowerBound }
        #expect(cells.count == 3 && cells == cells.sorted())
        #expect(try site.page("tags/other/index.html").contains("data-owl-cell=\"posts-b\""))
    }

    /// A folder's `index.md` is the page of the folder, so the images beside it are found by their names.
    @Test func aFoldersIndexIsThePageOfTheFolder() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        try site.write("content/posts/trip/index.md", "---\ndate: 2024-03-01\n---\n![Lake](lake.jpg)\n\n[Home](../../)")
        try site.write("content/posts/trip/lake.jpg", "JPEG")
        try site.write("content/about/index.md", "---\ntitle: About me\n---\nMe")
        let result = try site.build()
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        #expect(try site.page("posts/trip/index.html").contains("<img src=\"lake.jpg\" alt=\"Lake\" />"))
        #expect(try site.page("posts/trip/lake.jpg") == "JPEG")
        #expect(try site.page("posts/index.html").contains("<a class=\"post-link\" href=\"/posts/trip/\">Trip</a>"))
        #expect(try site.page("index.html").contains("href=\"/about/\">About me</a>"))
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("about/index").path))
    }

    /// A bundle's files go with its page when a slug moves it, and stay where they are too;
    /// a bundle inside it keeps its own.
    @Test func aBundleMovedByItsSlugTakesItsFilesAlong() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        try site.write("content/posts/trip/index.md", "---\ndate: 2024-03-01\nslug: lakes\n---\n![Lake](lake.jpg) ![Map](maps/map.png)")
        try site.write("content/posts/trip/lake.jpg", "JPEG")
        try site.write("content/posts/trip/maps/map.png", "PNG")
        try site.write("content/posts/trip/day-two/index.md", "---\ndate: 2024-03-02\n---\n![Boat](boat.jpg)")
        try site.write("content/posts/trip/day-two/boat.jpg", "BOAT")
        // Not a bundle: its folder's files stay where they are.
        try site.write("content/posts/index.v2.md", "---\ndate: 2024-03-03\n---\n![Cover](../cover.jpg)")
        try site.write("content/posts/cover.jpg", "COVER")
        let result = try site.build()
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        #expect(try site.page("posts/lakes/index.html").contains("<img src=\"lake.jpg\" alt=\"Lake\" />"))
        for path in ["posts/lakes/lake.jpg", "posts/trip/lake.jpg"] { #expect(try site.page(path) == "JPEG") }
        for path in ["posts/lakes/maps/map.png", "posts/trip/maps/map.png"] { #expect(try site.page(path) == "PNG") }
        #expect(try site.page("posts/trip/day-two/boat.jpg") == "BOAT")
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("posts/lakes/day-two").path))
        #expect(try site.page("posts/cover.jpg") == "COVER")
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("posts/index.v2/cover.jpg").path))
    }

    /// `tags: swift, web` written as one text means two tags; a list's items are kept whole.
    @Test func tagsWrittenAsOneTextAreSplitAtCommas() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        try site.write("content/posts/a.md", "---\ntitle: A\ndate: 2024-01-01\ntags: swift, web\n---\na")
        try site.write("content/posts/b.md", "---\ntitle: B\ndate: 2024-01-02\ntags: 'lists,  '\n---\nb")
        try site.write("content/posts/c.md", "---\ntitle: C\ndate: 2024-01-03\ntags: [\"one, two\"]\n---\nc")
        let result = try site.build()
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: site.output.appendingPathComponent("tags").path).sorted()
        #expect(pages == ["index.html", "lists", "one-two", "swift", "web"])
        #expect(try site.page("tags/one-two/index.html").contains(">#one, two</h1>"))
    }

    /// C, C++ and C# are three tags; names that differ only in punctuation are one, with a warning.
    @Test func tagsThatDifferBySymbolsHavePagesOfTheirOwn() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        for (name, tags) in [("a", "C, \"Node.js\""), ("b", "\"C++\", \"C#\""), ("c", "c, \"node js\", \"!?\"")] {
            try site.write("content/posts/\(name).md", "---\ntitle: \(name.uppercased())\ndate: 2024-01-01\ntags: [\(tags)]\n---\n\(name)")
        }
        let result = try site.build()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == """
            warning: content/posts/c.md:4: tag 'node js' is the tag 'Node.js' (/tags/node-js/): tags whose names differ only in case, spaces or punctuation are one
            warning: content/posts/c.md:4: tag '!?' has no letters or digits, so it has no page

            """)
        for (slug, title, cells) in [("c", "#C", ["posts-a", "posts-c"]), ("c-plus-plus", "#C++", ["posts-b"]), ("c-sharp", "#C#", ["posts-b"]),
                                     ("node-js", "#Node.js", ["posts-a", "posts-c"])] {
            let page = try site.page("tags/\(slug)/index.html")
            #expect(page.contains(">\(title)</h1>"), "\(slug)")
            #expect(page.components(separatedBy: "data-owl-cell=").count - 1 == cells.count, "\(slug)")
            for cell in cells { #expect(page.contains("data-owl-cell=\"\(cell)\""), "\(slug): \(cell)") }
        }
        let post = try site.page("posts/c/index.html")
        #expect(post.contains("href=\"/tags/node-js/\">#node js</a>") && !post.contains("/tags//"))
    }

    @Test func theFeedListsDatedSectionItemsNewestFirstAndTheSitemapAndManifestAreInPathOrder() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        for (file, title, date) in [("posts/a", "A", "2020-01-01"), ("posts/b", "B", "2024-01-01"), ("posts/c", "C", "2022-01-01"),
                                    ("posts/undated", "Undated", nil), ("about", "About", "2025-01-01")] {
            try site.write("content/\(file).md", "---\ntitle: \(title)\n" + (date.map { "date: \($0)\n" } ?? "") + "---\n\(title)")
        }
        try site.build()
        let feed = try site.page("feed.xml")
        let entries = feed.components(separatedBy: "<entry><title>").dropFirst().map { $0.prefix(while: { $0 != "<" }) }
        #expect(entries == ["B", "C", "A"])
        let sitemap = try site.page("sitemap.xml")
        let locations = sitemap.components(separatedBy: "<loc>").dropFirst().map { String($0.prefix(while: { $0 != "<" })) }
        #expect(locations.count > 5 && locations == locations.sorted())
        #expect(sitemap.contains("<loc>/posts/b/</loc><lastmod>2024-01-01</lastmod></url>"))
    }

    /// `lastmod` says when a page changed: in the sitemap, the feed and under the page's date.
    @Test func lastmodIsWhenAPageLastChanged() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        try site.write("content/posts/old.md", "---\ntitle: Old\ndate: 2020-01-01\nlastmod: 2025-03-04T10:00:00Z\n---\nOld")
        try site.write("content/posts/new.md", "---\ntitle: New\ndate: 2024-01-01\n---\nNew")
        try site.write("content/about.md", "---\ntitle: About\nlastmod: 2023-02-01\n---\nAbout")
        #expect(try site.build().status == 0)
        let sitemap = try site.page("sitemap.xml")
        #expect(sitemap.contains("<loc>/posts/old/</loc><lastmod>2025-03-04</lastmod>"))
        #expect(sitemap.contains("<loc>/posts/new/</loc><lastmod>2024-01-01</lastmod>"))
        #expect(sitemap.contains("<loc>/about/</loc><lastmod>2023-02-01</lastmod>"))
        let feed = try site.page("feed.xml")
        #expect(feed.contains("\n<updated>2025-03-04T10:00:00Z</updated>\n"), "the feed changed when its entry did")
        #expect(feed.contains("<updated>2025-03-04T10:00:00Z</updated><published>2020-01-01T00:00:00Z</published>"))
        #expect(feed.contains("<updated>2024-01-01T00:00:00Z</updated><author><name>My Site</name></author><summary>"), "an entry without lastmod was updated when dated")
        #expect(try site.page("posts/old/index.html").contains(
            #"<time datetime="2020-01-01">1 January 2020</time> · Updated <time datetime="2025-03-04">4 March 2025</time>"#))
        #expect(try site.page("about/index.html").contains(#"<p class="post-meta">Updated <time datetime="2023-02-01">1 February 2023</time></p>"#))
        #expect(try !site.page("posts/new/index.html").contains("Updated"))
        #expect(try site.page("posts/new/index.html").contains("</time> · 1 min read</p>"))
        try site.write("content/about.md", "---\ntitle: About\nlastmod: soon\n---\nAbout")
        let refused = try site.build()
        #expect(refused.status == 1 && refused.standardError.contains("content/about.md:3:"), "\(refused.standardError)")
    }

    @Test func linksStayUnderTheBasePath() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.build(["--base-url", "https://example.org/sub/path/"])
        let home = try site.page("index.html")
        #expect(home.contains("href=\"/sub/path/posts/first/\""), "content links get the base path")
        #expect(home.contains("href=\"/sub/path/assets/site.css\""))
        #expect(!home.contains("href=\"/posts/"))
        #expect(try site.page("sitemap.xml").contains("<loc>https://example.org/sub/path/posts/first/</loc>"))
        let feed = try site.page("feed.xml")
        #expect(feed.contains("<link href=\"https://example.org/sub/path/posts/fourth/\"/>"))
        #expect(feed.contains("<content type=\"html\" xml:base=\"https://example.org/sub/path/posts/fourth/\">"), "relative links resolve from the page")
        #expect(feed.components(separatedBy: "<entry>").count == 5)
    }

    /// GitHub Pages runs Jekyll over a site without `.nojekyll`, and Jekyll leaves out `_owl/`.
    @Test func theOutputKeepsJekyllAwayUnlessTheSiteSaysOtherwise() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        try site.write("content/a.md", "A")
        #expect(try site.build().status == 0)
        #expect(try Data(contentsOf: site.output.appendingPathComponent(".nojekyll")).isEmpty)
        try site.write("static/.nojekyll", "mine")
        #expect(try site.build().status == 0)
        #expect(try site.page(".nojekyll") == "mine")
    }

    /// With a base URL, each page names its permalink as canonical: items, lists and later
    /// list pages; the not-found page, which stands for any address, names none.
    @Test func pagesNameTheirPermalinkWhenThereIsABaseURL() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.write("owl.yml", "pageSize: 2\n")
        #expect(try site.build().status == 0)
        #expect(try !site.page("posts/first/index.html").contains("rel=\"canonical\""))
        #expect(try site.build(["--base-url", "https://example.org/sub/"]).status == 0)
        let canonical = { (file: String) in try site.page(file).matches(of: /<link rel="canonical" href="([^"]*)">/).map { String($0.output.1) } }
        #expect(try canonical("posts/first/index.html") == ["https://example.org/sub/posts/first/"])
        #expect(try canonical("posts/page/2/index.html") == ["https://example.org/sub/posts/page/2/"])
        #expect(try canonical("index.html") == ["https://example.org/sub/"])
        #expect(try canonical("tags/a/index.html") == ["https://example.org/sub/tags/a/"])
        #expect(try canonical("404.html") == [])
        // Link previews read the same from Open Graph: an item is an article, a list a website.
        let first = try site.page("posts/first/index.html")
        for tag in [#"<meta property="og:title" content="Post first" data-owl-region="og-title">"#,
                    #"<meta property="og:description" content="Summary of first." data-owl-region="og-description">"#,
                    #"<meta property="og:type" content="article">"#, #"<meta property="og:url" content="https://example.org/sub/posts/first/">"#] {
            #expect(first.contains(tag), "\(tag)")
        }
        #expect(try site.page("posts/index.html").contains(#"<meta property="og:type" content="website">"#))
        #expect(try !site.page("404.html").contains("og:url"))
    }

    @Test func rendersGFMWithHeadingAnchorsAndCopiesStaticFiles() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.write("content/posts/gfm.md", """
        ---
        title: GFM
        date: 2021-01-01
        ---

        ## Hello World

        | a | b |
        |---|---|
        | 1 | 2 |

        - [x] done

        ~~gone~~ https://example.com and a note[^n] <b>raw</b>

        [^n]: The note.
        """)
        try site.write("content/posts/pic.png", "not really a png")
        try site.build()
        let page = try site.page("posts/gfm/index.html")
        #expect(page.contains("<h2 id=\"hello-world\"><a class=\"anchor\" href=\"#hello-world\">Hello World</a></h2>"))
        #expect(page.contains("<table tabindex=\"0\">") && page.contains("<del>gone</del>") && page.contains("<label><input type=\"checkbox\""))
        #expect(page.contains("<a href=\"https://example.com\">"))
        #expect(page.contains("class=\"footnotes\""))
        #expect(page.contains("<!-- raw HTML omitted -->") && !page.contains("<b>raw</b>"))
        #expect(try site.page("posts/pic.png") == "not really a png")
        #expect(try site.page("robots.txt") == "User-agent: *\n")

        try site.write("owl.yml", "title: Fixture\nrawHTML: true\n")
        try site.build()
        #expect(try site.page("posts/gfm/index.html").contains("<b>raw</b>"))
    }

    /// Hidden files of `static/` are copied (`.well-known/`), but for what tools leave there,
    /// which no source folder copies (an editor's backup `first.md~` is not a page's file);
    /// the other hidden files of `content/` are not copied either.
    @Test func copiesTheHiddenFilesOfStaticButNotToolLeftovers() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        for path in ["static/.well-known/security.txt", "static/.htaccess", "static/.git/HEAD", "static/.DS_Store", "static/.#robots.txt",
                     "static/.robots.txt.swp", "static/robots.txt~", "content/.notes.txt", "content/posts/.draft.md", "content/posts/first.md~",
                     "content/.hg/store"] {
            try site.write(path, "file \(path)")
        }
        let result = try site.build()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try site.page(".well-known/security.txt") == "file static/.well-known/security.txt")
        #expect(try site.page(".htaccess") == "file static/.htaccess")
        let hidden = FolderSnapshot(site.output).files.keys.filter { !$0.hasSuffix("/") && $0.split(separator: "/").contains { $0.hasPrefix(".") } }
        #expect(hidden.sorted() == [".htaccess", ".nojekyll", ".well-known/security.txt"])
        #expect(!FolderSnapshot(site.output).files.keys.contains { $0.hasSuffix("~") })
    }

    @Test func aListWithoutDatesIsOneSectionAndUndatedItemsAmongDatedOnesAreTheirOwn() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        for (file, date) in [("docs/a", nil), ("docs/b", nil), ("posts/new", "2024-05-01"), ("posts/loose", nil)] {
            try site.write("content/\(file).md", "---\ntitle: \(file)\n" + (date.map { "date: \($0)\n" } ?? "") + "---\nText")
        }
        try site.build()
        let manifest = try BuiltPages(site)
        #expect(manifest.pages["/docs/"]?.lists.first?.sections.map(\.id) == ["all"])
        #expect(!(try site.page("docs/index.html")).contains("undated"))
        #expect(manifest.pages["/posts/"]?.lists.first?.sections.map(\.id) == ["2024", "undated"])

        // Decided for the whole list: a page holding only undated items of a dated list keeps their section.
        try site.write("owl.yml", "sections:\n  posts:\n    pageSize: 1\n")
        try site.build()
        let paged = try BuiltPages(site)
        #expect(paged.pages["/posts/"]?.lists.first?.sections.map(\.id) == ["2024"])
        #expect(paged.pages["/posts/page/2/"]?.lists.first?.sections.map(\.id) == ["undated"])
        #expect(paged.pages["/docs/"]?.lists.first?.sections.map(\.id) == ["all"])
    }

    @Test func writesTheThemesNotFoundPageUnlessTheSiteBringsOne() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.build()
        let manifest = try BuiltPages(site)
        let page = try site.page("404.html")
        #expect(page.contains("<title data-owl-region=\"title\">Page not found · Fixture</title>"))
        let version = PageVersion.hex(try #require(manifest.versions["/404.html"]))
        #expect(page.contains("<meta name=\"owl-page\" content=\"\(PageVersion.hex(PageVersion.key(ofPath: "/404.html"))) \(version)\">"))
        #expect(page.contains("<a href=\"/blog/\">Go to the home page</a>") && page.contains("href=\"/blog/assets/site.css\""), "links from any address")
        #expect(!page.contains("aria-current"), "no section is the current one")
        #expect(manifest.pages["/404.html"]?.file == "404.html", "a page of its own, with a state file and patches")
        #expect(!(try site.page("sitemap.xml")).contains("404"))

        try site.write("Templates/layouts/404.mustache", "<p>Lost: {{page.title}}</p>")
        try site.build()
        #expect(try site.page("404.html").contains("<p>Lost: Page not found</p>"))

        try site.write("static/404.html", "<p>My own</p>")
        try site.build()
        #expect(try site.page("404.html") == "<p>My own</p>")
    }

    @Test func aPageWhosePathNeedsEncodingIsLinkedByItsEncodedURL() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        try site.write("owl.yml", "baseURL: https://example.com/blog/\n")
        try site.write("content/posts/Café Crème.md", "---\ntitle: Café\ndate: 2024-01-02\ntags: [Développement]\n---\nText")
        try site.build()
        let encoded = "/blog/posts/Caf%C3%A9%20Cr%C3%A8me/"
        #expect(try site.page("posts/index.html").contains("href=\"\(encoded)\""))
        #expect(try site.page("posts/Café Crème/index.html").contains("href=\"/blog/tags/d%C3%A9veloppement/\""))
        #expect(try site.page("sitemap.xml").contains("<loc>https://example.com\(encoded)</loc>"))
        #expect(try site.page("feed.xml").contains("href=\"https://example.com\(encoded)\""))
        let manifest = try BuiltPages(site)
        #expect(manifest.pages["/posts/Café Crème/"]?.file == "posts/Café Crème/index.html", "the manifest keeps the path itself")
    }

    @Test func paginatesWithAPageSize() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.write("owl.yml", "title: Fixture\nsections:\n  posts:\n    pageSize: 3\n")
        try site.build()
        let manifest = try BuiltPages(site)
        #expect(manifest.pages["/posts/"]?.lists.first?.sections.flatMap(\.cells).count == 3)
        #expect(manifest.pages["/posts/page/2/"]?.lists.first?.sections.flatMap(\.cells).map(\.id) == ["posts-first"])
        #expect(try site.page("posts/index.html").contains("href=\"/posts/page/2/\""))
        let second = try site.page("posts/page/2/index.html")
        #expect(second.contains("<span>Page 2 of 2</span>"))
        #expect(second.contains(">Posts (Page 2 of 2) · Fixture</title>") && second.contains(">Posts (Page 2 of 2)</h1>"))
    }

    @Test func aSettingLeftEmptyLeavesNoSeparatorOrEmptyTagBehind() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.write("owl.yml", "title: Fixture\nbaseURL: https://example.com/blog/\ndescription: \"\"\n")
        try site.build()
        let home = try site.page("index.html")
        #expect(home.contains("<li>Fixture</li>\n<li><a href=\"/blog/feed.xml\">Feed</a></li>"), "no author: no separator")
        #expect(!home.contains("name=\"description\""), "no description: no empty meta tag")

        try site.write("owl.yml", "title: Fixture\nbaseURL: https://example.com/blog/\ndescription: About it.\nauthor: Me\n")
        try site.build()
        let named = try site.page("index.html")
        #expect(named.contains("<li>Fixture · Me</li>\n<li><a href=\"/blog/feed.xml\">Feed</a></li>"))
        #expect(named.contains("<meta name=\"description\" content=\"About it.\" data-owl-region=\"description\">"))
    }

    /// An item's page links the items before and after it in its section's list (newest
    /// first, as the list shows them); a page outside the sections has no such links.
    @Test func anItemLinksTheItemsAroundItInItsList() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        for (name, date) in [("a", "2024-01-01"), ("b", "2024-02-01"), ("c", "2024-03-01")] {
            try site.write("content/posts/\(name).md", "---\ntitle: Post \(name.uppercased())\ndate: \(date)\n---\nText")
        }
        try site.write("content/about.md", "---\ntitle: About\n---\nMe")
        try site.build()
        func links(_ page: String) throws -> [String] {
            try site.page(page).components(separatedBy: "\n").filter { $0.hasPrefix("<a class=\"previous\"") || $0.hasPrefix("<a class=\"next\"") }
        }
        #expect(try links("posts/c/index.html") == ["<a class=\"next\" href=\"/posts/b/\">Post B →</a>"])
        #expect(try links("posts/b/index.html") == ["<a class=\"previous\" href=\"/posts/c/\">← Post C</a>", "<a class=\"next\" href=\"/posts/a/\">Post A →</a>"])
        #expect(try links("posts/a/index.html") == ["<a class=\"previous\" href=\"/posts/b/\">← Post B</a>"])
        #expect(try site.page("posts/a/index.html").contains("<nav class=\"post-nav\" data-owl-region=\"post-nav\" aria-label=\"More in this section\">"))
        #expect(!(try site.page("about/index.html")).contains("post-nav"))
    }

    /// The site's language is every page's and the feed's, and their dates'; a change re-renders them all.
    @Test func theSitesLanguageIsThePagesLanguage() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.build()
        #expect(try site.page("posts/first/index.html").contains("<html lang=\"en\">"))
        let settings = try String(contentsOf: site.root.appendingPathComponent("owl.yml"), encoding: .utf8)
        try site.write("owl.yml", "language: pt-BR\n" + settings)
        try site.build()
        for page in ["index.html", "posts/index.html", "posts/first/index.html", "tags/index.html", "404.html"] {
            #expect(try site.page(page).contains("<html lang=\"pt-BR\">"), "\(page)")
        }
        #expect(try site.page("feed.xml").contains("<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"pt-BR\">"))
        for page in ["posts/first/index.html", "posts/index.html"] {
            #expect(try site.page(page).contains("<time datetime=\"2022-01-05\">5 de janeiro de 2022</time>"), "\(page)")
        }
    }

    /// A post with two headings or more shows their table of contents, inside the region
    /// of its content, so that an open page is patched with its body.
    @Test func aPostWithHeadingsShowsItsContents() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        try site.write("content/posts/long.md", "---\ntitle: Long\n---\n\n## First part\n\nText\n\n## Second part\n\nText\n")
        try site.write("content/posts/short.md", "---\ntitle: Short\n---\n\n## Only part\n\nText\n")
        try site.build()
        let long = try site.page("posts/long/index.html")
        #expect(long.contains("<nav class=\"toc\" aria-label=\"Contents\">\n<ul>\n<li><a href=\"#first-part\">First part</a></li>\n<li><a href=\"#second-part\">Second part</a></li>\n</ul>\n</nav>"))
        #expect(long.range(of: "data-owl-region=\"content\"")!.lowerBound < long.range(of: "class=\"toc\"")!.lowerBound)
        #expect(!(try site.page("posts/short/index.html")).contains("class=\"toc\""))
    }

    /// A page's earlier addresses send visitors on to it, and search engines to its
    /// permalink. They are no pages of the build: not in the sitemap, and no build id.
    @Test func aliasesSendVisitorsOnToThePage() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.write("content/posts/moved.md", "---\ntitle: Fish & Chips\ndate: 2021-03-04\naliases: [/2021/fish/, /old/fish.html, fish-and-chips]\n---\n\nText\n")
        try site.write("content/posts/linking.md", "---\ntitle: Linking\ndate: 2021-03-05\n---\n\nAn [old link](/2021/fish/).\n")
        let result = try site.build()
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        let redirect = try site.page("2021/fish/index.html")
        #expect(redirect == (try site.page("old/fish.html")))
        #expect(redirect == (try site.page("posts/fish-and-chips/index.html")), "beside the page")
        #expect(redirect.contains("<meta http-equiv=\"refresh\" content=\"0; url=/blog/posts/moved/\">"))
        #expect(redirect.contains("<link rel=\"canonical\" href=\"https://example.com/blog/posts/moved/\">"))
        #expect(redirect.contains("<title>Fish &amp; Chips</title>"))
        #expect(redirect.contains("<a href=\"/blog/posts/moved/\">Fish &amp; Chips</a>"))
        #expect(!redirect.contains("owl-page"))
        #expect(!(try site.page("sitemap.xml")).contains("fish"))
    }

    /// `data/` holds YAML and JSON that every layout sees as `site.data`, by file and folder name.
    @Test func dataFilesAreSiteData() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        try site.write("data/links.yml", "- name: Owl & friends\n  url: https://example.com/\n- name: Swift\n  url: https://swift.org/\n")
        try site.write("data/team/owls.json", "{\"count\": 3, \"lead\": \"Ada\"}\n")
        try site.write("data/.hidden.yml", "not: [read\n")
        try site.write("Templates/partials/footer.mustache", """
            <footer data-owl-region="footer">{{#site.data.links}}<a href="{{url}}">{{name}}</a>{{/site.data.links}} \
            {{site.data.team.owls.count}} owls, led by {{site.data.team.owls.lead}}</footer>

            """)
        try site.write("content/about.md", "---\ntitle: About\n---\nAbout")
        let result = try site.build()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try site.page("about/index.html").contains(
            #"<a href="https://example.com/">Owl &amp; friends</a><a href="https://swift.org/">Swift</a> 3 owls, led by Ada</footer>"#))
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("data"))
        try site.write("data", "not a folder")
        let refused = try site.build()
        #expect(refused.status == 1 && refused.standardError.hasPrefix("error: data: this is a file"), "\(refused.standardError)")
    }

    /// A section and a tag with dated items have a feed of their own beside their list,
    /// which the list's pages name for feed readers; a list of undated projects has none.
    @Test func sectionsAndTagsHaveFeedsOfTheirOwn() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.write("owl.yml", (try String(contentsOf: site.root.appendingPathComponent("owl.yml"), encoding: .utf8)) + "pageSize: 1\n")
        #expect(try site.build().status == 0)
        func entries(_ feed: String) throws -> [String] {
            try site.page(feed).components(separatedBy: "<entry><title>").dropFirst().map { String($0.prefix { $0 != "<" }) }
        }
        #expect(try entries("posts/feed.xml") == ["Post fourth", "Post third", "Post second", "Post first"])
        #expect(try entries("tags/a/feed.xml") == ["Post third", "Post first"])
        #expect(try entries("feed.xml") == ["Post fourth", "Post third", "Post second", "Post first"])
        let tagFeed = try site.page("tags/a/feed.xml")
        #expect(tagFeed.contains("<title>#a · Fixture</title>\n<id>https://example.com/blog/tags/a/</id>"))
        #expect(tagFeed.contains("<link rel=\"self\" href=\"https://example.com/blog/tags/a/feed.xml\"/>"))
        let link = "<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Posts · Fixture\" href=\"/blog/posts/feed.xml\">"
        #expect(try site.page("posts/index.html").contains(link))
        #expect(try site.page("posts/page/2/index.html").contains(link), "every page of the list")
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("projects/feed.xml").path))
        #expect(!(try site.page("projects/index.html")).contains("projects/feed.xml"))
        #expect(!(try site.page("posts/first/index.html")).contains("posts/feed.xml"))
    }

    /// `words:` translates the theme: every word it shows besides the site's own text.
    @Test func wordsTranslateTheTheme() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        try site.write("owl.yml", """
            title: Fixture
            language: de
            pageSize: 1
            words: {recent: Neueste, newer: "← Neuer", older: "Älter →", pageOf: "{count} Seiten, Seite {number}", feed: Newsfeed, contents: Inhalt,
                    moreInSection: Mehr hier, notFound: Seite nicht gefunden, notFoundText: Hier ist nichts., toHome: Zur Startseite,
                    movedTo: "Umgezogen nach", readingTime: "{minutes} Min. Lesezeit"}

            """)
        try site.write("content/posts/a.md", "---\ntitle: A\ndate: 2024-01-02\naliases: [/alt/]\n---\n\n## Eins\n\n## Zwei\n")
        try site.write("content/posts/b.md", "---\ntitle: B\ndate: 2024-01-03\n---\nText")
        let result = try site.build()
        #expect(result.status == 0, "\(result.standardError)")
        let words = ["Neueste", "← Neuer", "Älter →", "2 Seiten, Seite 1", "2 Seiten, Seite 2", "Newsfeed", "Inhalt", "Mehr hier", "Seite nicht gefunden", "Hier ist nichts.",
                     "Zur Startseite", "Umgezogen nach", "· 1 Min. Lesezeit"]
        let pages = try ["index.html", "posts/index.html", "posts/page/2/index.html", "posts/a/index.html", "404.html", "alt/index.html"].map(site.page)
        for word in words {
            #expect(pages.contains { $0.contains(HTML.escape(word)) }, "\(word)")
        }
        #expect(pages[2].contains(">Posts (2 Seiten, Seite 2)</h1>"))
        let english = ["Recent", "← Newer", "Older →", "Page 1 of", "Page 2 of", "(page 2)", ">Feed<", "\"Contents\"", "More in this section", "Page not found",
                       "Nothing lives", "Go to the home page", "This page has moved to", "min read"]
        for text in english {
            #expect(!pages.contains { $0.contains(HTML.escape(text)) }, "\(text)")
        }
    }

    /// A page with a summary describes itself (search results and link previews show it);
    /// others fall back to the site's description. It is a region, so an edited summary is patched.
    @Test func aPageWithASummaryIsDescribedByIt() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        try site.write("owl.yml", "title: Fixture\ndescription: About the site.\n")
        try site.write("content/posts/a.md", "---\ntitle: A\ndate: 2024-01-02\nsummary: \"Tables & <tags>\"\n---\nText")
        try site.write("content/posts/b.md", "---\ntitle: B\ndate: 2024-01-03\nsummary: \"\"\n---\nText")
        try site.build()
        let described = try site.page("posts/a/index.html")
        #expect(described.contains("<meta name=\"description\" content=\"Tables &amp; &lt;tags&gt;\" data-owl-region=\"description\">"))
        #expect(described.components(separatedBy: "name=\"description\"").count == 2, "one description")
        #expect(try site.page("posts/b/index.html").contains("<meta name=\"description\" content=\"About the site.\""))
        #expect(try site.page("posts/index.html").contains("<meta name=\"description\" content=\"About the site.\""))
        let manifest = try BuiltPages(site)
        #expect(manifest.pages["/posts/a/"]?.regions["description"] != nil)
    }

    /// A page whose front matter has no `summary` is summed up by its first paragraph, cut
    /// at `summaryLength` characters; a section's or the home page's text is not.
    @Test(arguments: [nil, 20, 0]) func aPageWithoutASummaryIsSummedUpByItsFirstParagraph(length: Int?) throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        try site.write("owl.yml", "description: About the site.\n" + (length.map { "summaryLength: \($0)\n" } ?? ""))
        try site.write("content/_index.md", "The home page's text.\n")
        try site.write("content/posts/_index.md", "The list's text.\n")
        try site.write("content/posts/a.md", "---\ntitle: A\ndate: 2024-01-02\n---\n## Why\n\n![An owl](owl.png)\n\nLists *deserve* animation & care.\n\nMore.\n")
        try site.build()
        let summary = switch length {
        case nil: "Lists deserve animation &amp; care."
        case 20: "Lists deserve…"
        default: nil as String?
        }
        #expect(try site.page("posts/a/index.html").contains("<meta name=\"description\" content=\"\(summary ?? "About the site.")\""))
        let list = try site.page("posts/index.html"), feed = try site.page("feed.xml")
        if let summary {
            #expect(list.contains("<p class=\"summary\">\(summary)</p>"))
            #expect(feed.contains("<summary>\(summary)</summary>"))
        } else {
            #expect(!list.contains("class=\"summary\"") && !feed.contains("<summary>"))
        }
        for list in ["index.html", "posts/index.html"] {
            #expect(try site.page(list).contains("<meta name=\"description\" content=\"About the site.\""), "\(list)")
        }
    }

    @Test func anEmptySummaryShowsNoEmptyParagraphOrFeedElement() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        try site.write("content/posts/a.md", "---\ntitle: A\ndate: 2024-01-02\nsummary: \"\"\n---\nText")
        try site.build()
        #expect(try site.page("posts/index.html").contains(">A</a>"))
        #expect(!(try site.page("posts/index.html")).contains("class=\"summary\""))
        #expect(!(try site.page("feed.xml")).contains("<summary>"))
    }

    @Test func aSiteTemplateOverridesTheBuiltInOne() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.write("Templates/cells/PostCell.mustache", "<b class=\"mine\">{{title}}</b>\n")
        try site.build()
        #expect(try site.page("posts/index.html").contains("<b class=\"mine\">Post first</b>"))
        #expect(try site.page("posts/first/index.html").contains("class=\"post-body\""), "other templates stay built-in")
    }

    /// Mustache's template inheritance: a cell and a partial fill in blocks of one parent.
    @Test func aTemplateCanExtendAParentTemplate() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.write("Templates/frame.mustache", "<div class=\"frame\">{{$body}}empty{{/body}}</div>")
        try site.write("Templates/cells/PostCell.mustache", "{{<frame}}{{$body}}<b>{{title}}</b>{{/body}}{{/frame}}\n")
        try site.write("Templates/partials/footer.mustache", "{{<frame}}{{/frame}}\n")
        let result = try site.build()
        #expect(result.status == 0, "\(result.standardError)")
        let list = try site.page("posts/index.html")
        #expect(list.contains("<div class=\"frame\"><b>Post first</b></div>"))
        #expect(list.contains("<div class=\"frame\">empty</div>"))
    }

    @Test func bundlesOwlJS() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        #expect(try site.build().status == 0)
        let script = try String(contentsOf: SiteFixture.packageRoot.appendingPathComponent("client/owl.js"), encoding: .utf8)
        #expect(try site.page("_owl/owl.js") == script)
    }

    private func xxh64(_ bytes: some Collection<UInt8>) -> ContentHash {
        ContentHash(value: XXH64.hash(bytes))
    }
}
