import Foundation
import Testing
@testable import OwlSite

/// Front matter in YAML, TOML and JSON, read as Hugo reads it, with errors and warnings
/// that name the file and line.
@Suite struct FrontMatterFormatsTests {
    @Test func tomlBetweenPlusLinesIsRead() throws {
        let text = "+++\ntitle = \"Hi\"\ndate = 2024-05-01T09:30:00Z\ntags = [\"a\", \"b\"]\n\n[extra]\nmood = \"calm\"\n+++\nBody\n"
        let frontMatter = try FrontMatter(parsing: text, file: "x.md")
        #expect(frontMatter.format == .toml)
        #expect(frontMatter.fields.map(\.key) == ["title", "date", "tags", "extra"])
        #expect(frontMatter.fields.map(\.line) == [2, 3, 4, 6])
        #expect(try frontMatter.fields[0].string() == "Hi")
        #expect(try frontMatter.fields[1].date() == Date(timeIntervalSince1970: 1_714_555_800))
        #expect(try frontMatter.fields[2].strings() == ["a", "b"])
        var budget = 100
        #expect(try frontMatter.fields[3].fieldValue(budget: &budget) == .map(["mood": .text("calm")]))
        #expect(frontMatter.body == "Body\n" && frontMatter.bodyLine == 9)
    }

    @Test func aTOMLErrorNamesItsLine() {
        #expect(throws: SiteError.self) { try FrontMatter(parsing: "+++\ntitle = \"Hi\"\ndate = = 3\n+++\n", file: "x.md") }
        do {
            _ = try FrontMatter(parsing: "+++\ntitle = \"Hi\"\ndate = = 3\n+++\n", file: "x.md")
        } catch let error as SiteError {
            #expect(error.file == "x.md" && error.line == 3, "\(error)")
            #expect(error.message.hasPrefix("TOML: "))
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func jsonAtTheTopIsRead() throws {
        let text = "{\n  \"title\": \"Hi\",\n  \"draft\": true,\n  \"weight\": 3,\n  \"tags\": [\"a\"]\n}\nBody\n"
        let frontMatter = try FrontMatter(parsing: text, file: "x.md")
        #expect(frontMatter.format == .json)
        #expect(frontMatter.fields.map(\.key) == ["title", "draft", "weight", "tags"])
        #expect(frontMatter.fields.map(\.line) == [2, 3, 4, 5])
        #expect(try frontMatter.fields[1].bool() && frontMatter.fields[2].int() == 3)
        #expect(frontMatter.body == "Body\n" && frontMatter.bodyLine == 7)
    }

    @Test func aJSONErrorNamesItsLine() throws {
        do {
            _ = try FrontMatter(parsing: "{\n  \"title\": \"Hi\",\n  \"draft\": tru\n}\nBody\n", file: "x.md")
            Issue.record("no error")
        } catch let error as SiteError {
            #expect(error.file == "x.md" && error.line == 3, "\(error)")
            #expect(error.message.hasPrefix("JSON: "))
        }
        #expect(throws: SiteError(file: "x.md", line: 1, "front matter: the JSON object that begins the file has no closing '}'")) {
            try FrontMatter(parsing: "{\n  \"title\": \"Hi\"\n", file: "x.md")
        }
    }

    @Test func aYAMLKeyWrittenTwiceIsAWarningAndTheLaterWins() throws {
        let frontMatter = try FrontMatter(parsing: "---\ntitle: First\ntags:\n  - a\ndate: 2024-01-01\ntitle: Second\n---\n", file: "x.md")
        #expect(frontMatter.fields.map(\.key) == ["tags", "date", "title"])
        #expect(try frontMatter.fields[2].string() == "Second")
        #expect(frontMatter.fields[2].line == 6)
        #expect(frontMatter.warnings == [SiteError(file: "x.md", line: 6, "front matter: 'title' is written twice, on lines 2 and 6: the later one is taken")])
    }

    /// A source is Markdown by the ending of its name, as a suffix of characters said it.
    @Test(arguments: ["a.md", "a.markdown", ".md", "md", "a.MD", "a.md.txt", "a.m", "posts/é.md", "a.mdx", "a\u{301}.md", "a.md\u{301}", "a.mark down", ""])
    func markdownIsToldByItsNamesEnding(_ name: String) {
        let byCharacters = SitePath.markdownExtensions.contains { name.hasSuffix(".\($0)") }
        #expect(SitePath.isMarkdown(name) == byCharacters)
        #expect(SitePath.isMarkdown(name[...]) == byCharacters)
        #expect(SitePath.isMarkdown("x/" + name) == byCharacters)
    }

    @Test func githubHeadingIDs() {
        #expect(HeadingID.github("What's in 1.94.1") == "whats-in-1941")
        #expect(HeadingID.github("Hello, World!") == "hello-world")
        #expect(HeadingID.github("C++ & Swift_6") == "c--swift_6")
        #expect(HeadingID.github("Ünïcode") == "ünïcode")
    }

    /// The byte-by-byte ids of ASCII headings are the ids of the Unicode rules, for every
    /// ASCII character and for random texts of them.
    @Test func asciiHeadingIDsFollowTheUnicodeRules() {
        let every = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
        #expect(HeadingID.githubASCII(every) == HeadingID.githubScalars(every))
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aZ09 -_.,!?'\"#&()\t:;/[]{}`~=+*<>|@$%^")
        for _ in 0..<500 {
            let text = String((0..<Int.random(in: 0...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            #expect(HeadingID.githubASCII(text) == HeadingID.githubScalars(text), "\(text)")
            #expect(HeadingID.github(text) == HeadingID.githubScalars(text))
        }
    }

    /// Headings are trimmed of what Foundation's `.whitespaces` holds, and of nothing else.
    @Test func headingTextIsTrimmedAsFoundationTrimsWhitespace() {
        let alphabet: [Character] = [" ", "\t", "\u{00A0}", "\u{1680}", "\u{2003}", "\u{202F}", "\u{3000}", "\u{200B}", "\u{200C}", "\u{FEFF}", "\n", "a", "é", "-", "\u{1F600}"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let text = String((0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            #expect(String(HeadingID.trimmingWhitespace(text)) == text.trimmingCharacters(in: .whitespaces), "\(text.unicodeScalars.map(\.value))")
        }
        // Every scalar Foundation's set holds is trimmed, and no other.
        for value in UInt32(0)..<0x3100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(scalar) + "a", alone = String(scalar) + "a"
            #expect((HeadingID.trimmingWhitespace(alone) == "a") == CharacterSet.whitespaces.contains(scalar), "U+\(String(value, radix: 16))")
            #expect(HeadingID.trimmingWhitespace(text) == Substring(text))
        }
    }

    /// A key written twice is found on lines that are not ASCII too, and CR LF line ends or
    /// keys that only look alike are not taken for one.
    @Test func yamlKeysWrittenTwiceAreFoundInAnyScript() throws {
        let unicode = try FrontMatter(parsing: "---\nnäme: Ä\ntitle: T\nnäme: B\n---\n", file: "x.md")
        #expect(unicode.warnings == [SiteError(file: "x.md", line: 4, "front matter: 'näme' is written twice, on lines 2 and 4: the later one is taken")])
        let crlf = try FrontMatter(parsing: "---\r\ntitle: A\r\ntitle: B\r\n---\r\n", file: "x.md")
        #expect(crlf.warnings.count == 1)
        #expect(try crlf.fields.first { $0.key == "title" }?.string() == "B")
        let distinct = try FrontMatter(parsing: "---\ntitle: A\nTitle: B\nsub:\n  title: D\n---\n", file: "x.md")
        #expect(distinct.warnings.isEmpty)
    }

    @Test func headingAttributesAreHonouredAndRemoved() {
        let html = MarkdownRenderer(allowsRawHTML: false, rootPath: "/").render("## Motivation {#why .wide .big}\n\n## Other {: #else}\n\n## Why\n").html
        #expect(html.contains(##"<h2 id="why" class="wide big"><a class="anchor" href="#why">Motivation</a></h2>"##), "\(html)")
        #expect(html.contains(##"<h2 id="else"><a class="anchor" href="#else">Other</a></h2>"##), "\(html)")
        #expect(html.contains(##"<h2 id="why-1"><a class="anchor" href="#why-1">Why</a></h2>"##), "an id given by hand is not given again: \(html)")
        var body = html
        let contents = body.withUTF8 { TableOfContents.html(ofBody: UnsafeRawBufferPointer($0)) } ?? ""
        #expect(contents.contains(##"<li><a href="#why">Motivation</a></li>"##), "\(contents)")
    }

    @Test func permalinkTokens() throws {
        var item = try ContentItem(parsing: "---\ntitle: Hello There\ndate: 2015-12-03T08:05:09Z\ncategories: [Big News]\n---\n",
                                   source: "content/news/2015-12-03-welcome.md", relativePath: "news/2015-12-03-welcome.md",
                                   markdown: MarkdownRenderer(allowsRawHTML: false, rootPath: "/"))
        item.path = "/news/welcome/"
        func address(_ pattern: String) throws -> String { try PermalinkPattern.address(of: item, pattern: pattern, file: "owl.yml", line: 1) }
        #expect(try address("/:year/:month/:day/:slug/") == "/2015/12/03/welcome/")
        #expect(try address("/:short_year/:i_month/:i_day/:hour:minute:second/:title") == "/15/12/3/080509/hello-there/")
        #expect(try address("/:categories/:section/:filename.html") == "/big-news/news/welcome.html")
        #expect(try address("/:monthname/:nothing/") == "/december/:nothing/")
        #expect(throws: SiteError(file: "owl.yml", line: 1, "address '/:slug/../../x/' would escape the output folder")) {
            try address("/:slug/../../x/")
        }
    }
}

/// Sites written to Jekyll's, Hugo's and Zola's conventions, built by the real binary.
@Suite struct ContentConventionsTests {
    @Test func conventionsOfTheThreeGeneratorsKeepTheirAddresses() throws {
        let site = try SiteFixture("conventions")
        defer { site.remove() }
        let result = try site.build()
        #expect(result.status == 0, "\(result.standardError)")
        let files = Set(FolderSnapshot(site.output).files.keys)
        for file in ["2015/12/03/welcome/index.html", "custom/hugo-page/index.html", "old-hugo/index.html", "zola/page/index.html",
                     "posts/json/index.html", "blog/2020/leap.html", "pages/about/index.html"] {
            #expect(files.contains(file), "\(file)")
        }
        for file in ["2016/01/01/unpublished/index.html", "news/unpublished/index.html", "posts/expired/index.html", "posts/future/index.html"] {
            #expect(!files.contains(file), "\(file) is left out")
        }
        // Categories and the taxonomies owl.yml names have pages, feeds and an index, as tags do.
        for file in ["categories/index.html", "categories/news/index.html", "categories/news/feed.xml", "categories/notes/index.html",
                     "series/index.html", "series/deep-dive/index.html", "series/deep-dive/feed.xml", "tags/rust/index.html"] {
            #expect(files.contains(file), "\(file)")
        }
        let categories = try site.page("categories/index.html")
        #expect(categories.contains(#"href="/categories/news/""#) && categories.contains(#"href="/categories/notes/""#))
        let news = try site.page("categories/news/index.html")
        #expect(news.contains("Welcome") && news.contains("Series part") && !news.contains("From Zola"))
        let welcome = try site.page("2015/12/03/welcome/index.html")
        #expect(welcome.contains("3 December 2015"), "dated by its file's name")
        let hugo = try site.page("custom/hugo-page/index.html")
        #expect(hugo.contains(##"<h2 id="whats-in-1941"><a class="anchor" href="#whats-in-1941">What’s in 1.94.1</a></h2>"##) || hugo.contains(##"<h2 id="whats-in-1941"><a class="anchor" href="#whats-in-1941">What's in 1.94.1</a></h2>"##), "\(hugo)")
        #expect(hugo.contains(##"<h2 id="motivation" class="wide"><a class="anchor" href="#motivation">Motivation</a></h2>"##))
        #expect(try site.page("zola/page/index.html").contains("From Zola"))
        #expect(try site.page("blog/2020/leap.html").contains(">Leap day · Conventions</title>"), "the later of two keys")

        let feed = try site.page("feed.xml")
        #expect(feed.contains("<title>Welcome</title>") && feed.contains("<author><name>Jekyll Writer</name></author><summary>The excerpt is this.</summary>"))
        #expect(feed.contains("<author><name>JSON Writer</name></author>"))
        #expect(feed.contains("<author><name>Site Author</name></author><summary>What Hugo says about it.</summary>"), "description as the summary")
        #expect(!feed.contains("Not yet") && !feed.contains("Expired") && !feed.contains("Future"))
        #expect(AtomFeedChecks.everyEntryHasRequiredElements(feed), "\(feed)")

        let warnings = result.standardError
        for expected in [
            "warning: content/news/2015-12-03-welcome.md:2: template 'layouts/post' not found (looked for Templates/layouts/post.mustache): the page uses layouts/single",
            "warning: content/news/2015-12-03-welcome.md:10: 2 Liquid tags or outputs ({{ … }}, {% … %}) shown as written (the first here): owl-site does not run Liquid",
            "warning: content/posts/hugo.md:15: 1 Hugo shortcode ({{< … >}}, {{% … %}}) shown as written (the first here): owl-site has no shortcodes",
            "warning: content/posts/zola.md:13: 1 kramdown attribute list ({: … }) shown as written",
            "warning: content/posts/json.md:7: 2 pieces of raw HTML left out (the first here); owl.yml's `rawHTML: true` keeps raw HTML",
            "warning: content/blog/2020-02-29-leap.md:3: front matter: 'title' is written twice, on lines 2 and 3: the later one is taken",
            "warning: content/posts/hugo.md:11: link to #nowhere: the page has no element with the id 'nowhere'",
        ] {
            #expect(warnings.contains(expected), "\(expected)\n\(warnings)")
        }
        #expect(!warnings.contains("#motivation"), "\(warnings)")
        // Built again from the cache, the warnings are the same.
        let again = try site.build()
        #expect(again.standardError == result.standardError)
    }

    @Test func everyErrorOfTheSourcesIsReportedAtOnce() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        #expect(try site.build().status == 0)
        let before = FolderSnapshot(site.output)
        try site.write("content/posts/a.md", "---\ntitle: A\ndate: soon\n---\n")
        try site.write("content/posts/b.md", "+++\ntitle = \n+++\n")
        try site.write("content/posts/c.md", "---\ntitle: C\nlayout: gone\n---\n")  // a warning, not an error
        try site.write("content/posts/d.md", "---\ntitle: D\npermalink: /../x/\n---\n")
        try site.write("content/posts/e.md", "{\n  \"title\": \"E\",\n  \"draft\": tru\n}\n")
        let result = try site.build()
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(result.standardError)")
        #expect(lines.first?.hasPrefix("error: content/posts/a.md:3: 'date' must be a date") == true, "\(lines)")
        #expect(lines.dropFirst().first?.hasPrefix("error: content/posts/b.md:2: TOML: ") == true, "\(lines)")
        #expect(lines.dropFirst(2).first == "error: content/posts/d.md:3: address '/../x/' would escape the output folder", "\(lines)")
        #expect(lines.dropFirst(3).first?.hasPrefix("error: content/posts/e.md:3: JSON: ") == true, "\(lines)")
        #expect(lines.last == "4 errors")
        #expect(FolderSnapshot(site.output) == before)
    }

    @Test func aPagesAddressThatTakesAnothersIsAnErrorNamingBoth() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.write("content/posts/c.md", "---\ntitle: C\nurl: /posts/first/\n---\n")
        let result = try site.build()
        #expect(result.status == 1)
        #expect(result.standardError.contains("two pages claim /posts/first/"), "\(result.standardError)")
        #expect(result.standardError.contains("content/posts/c.md") && result.standardError.contains("content/posts/first.md"), "\(result.standardError)")
    }

    /// `page.author` is the page's author, else the site's: what a byline shows.
    @Test func pagesNameTheirAuthor() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.write("owl.yml", "title: Fixture\nauthor: Site Writer\n")
        try site.write("Templates/layouts/single.mustache", "<p class=\"byline\">{{page.author}}</p>{{{page.content}}}")
        try site.write("content/posts/own.md", "+++\ntitle = \"Own\"\nauthors = [\"Zola Writer\", \"Second\"]\n+++\nBody\n")
        #expect(try site.build().status == 0)
        #expect(try site.page("posts/own/index.html").contains(#"<p class="byline">Zola Writer</p>"#))
        #expect(try site.page("posts/first/index.html").contains(#"<p class="byline">Site Writer</p>"#))
    }

    @Test func aLayoutWithoutATemplateIsAWarning() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.overlay("warnings/missing-layout")
        let result = try site.build()
        #expect(result.status == 0)
        #expect(result.standardError.contains(
            "warning: content/posts/bad.md:3: template 'layouts/fancy' not found (looked for Templates/layouts/fancy.mustache): the page uses layouts/single"))
        #expect(try site.page("posts/bad/index.html").contains("Body."))
    }

    @Test func datesWithoutAZoneAreOnTheSitesClock() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try site.write("owl.yml", "title: Fixture\n")
        try site.write("content/posts/a.md", "---\ntitle: A\ndate: 2024-05-01 09:30\n---\n")
        try site.write("content/posts/b.md", "---\ntitle: B\ndate: 2024-05-01T09:30:00Z\n---\n")
        try site.write("content/posts/c.md", "---\ntitle: C\ndate: 2024-05-01\n---\n")
        try site.write("content/notes/d.md", "---\ntitle: D\ndate: 2024-05-01T02:00:00Z\n---\n")  // alone in its section
        #expect(try site.build().status == 0)
        #expect(try site.page("notes/d/index.html").contains(#"<time datetime="2024-05-01">1 May 2024</time>"#), "UTC's day")
        // Set afterwards, the zone reaches the pages that the cache and the previous output would give.
        try site.write("owl.yml", "title: Fixture\ntimezone: America/New_York\n")
        #expect(try site.build().status == 0)
        let feed = try site.page("feed.xml")
        #expect(feed.contains("<title>C</title><id>/posts/c/</id><link href=\"/posts/c/\"/><updated>2024-05-01T04:00:00Z</updated>"), "midnight in New York")
        // Pages show the day on the site's clock: 02:00 UTC is still 30 April in New York.
        #expect(try site.page("posts/c/index.html").contains(#"<time datetime="2024-05-01">1 May 2024</time>"#))
        #expect(try site.page("notes/d/index.html").contains(#"<time datetime="2024-04-30">30 April 2024</time>"#))
        #expect(feed.contains("<title>A</title><id>/posts/a/</id><link href=\"/posts/a/\"/><updated>2024-05-01T13:30:00Z</updated>"), "\(feed)")
        #expect(feed.contains("<title>B</title><id>/posts/b/</id><link href=\"/posts/b/\"/><updated>2024-05-01T09:30:00Z</updated>"))
        try site.write("owl.yml", "title: Fixture\ntimezone: Mars/Olympus\n")
        let refused = try site.build()
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("owl.yml:2: timezone 'Mars/Olympus' is not a time zone's IANA name"))
    }
}

/// RFC 4287's required elements of a feed and its entries.
enum AtomFeedChecks {
    /// Whether the feed has `id`, `title` and `updated`, and each entry `id`, `title`,
    /// `updated` and an `author` with a `name`.
    static func everyEntryHasRequiredElements(_ feed: String) -> Bool {
        guard feed.contains("<id>"), feed.contains("<title>"), feed.contains("<updated>") else { return false }
        let entries = feed.components(separatedBy: "<entry>").dropFirst()
        return !entries.isEmpty && entries.allSatisfy { entry in
            ["<id>", "<title>", "<updated>", "<author><name>"].allSatisfy(entry.contains)
        }
    }
}
