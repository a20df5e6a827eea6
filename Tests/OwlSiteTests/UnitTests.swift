import Foundation
import Synchronization
import Testing
import TestSupport
import Owl
@testable import OwlSite

@Suite struct FrontMatterTests {
    @Test func readsFieldsWithTheirFileLines() throws {
        let text = "---\ntitle: Hi\n\ntags:\n  - a\n  - b\n---\nBody\n"
        let frontMatter = try FrontMatter(parsing: text, file: "x.md")
        #expect(frontMatter.fields.map(\.key) == ["title", "tags"])
        #expect(frontMatter.fields.map(\.line) == [2, 5])
        #expect(try frontMatter.fields[1].strings() == ["a", "b"])
        #expect(frontMatter.body == "Body\n")
        #expect(frontMatter.bodyLine == 8)
    }

    /// A key written twice sends the front matter to the YAML reader (which warns of it),
    /// among a few keys and among many.
    @Test(arguments: [3, 12, 40])
    func aKeyWrittenTwiceIsFoundAmongFewKeysAndMany(_ count: Int) throws {
        let keys = (0..<count).map { "key\($0)" }
        let yaml = keys.map { "\($0): value\n" }.joined()
        #expect(FrontMatter.plainFields(yaml, file: "x.md")?.map(\.key) == keys)
        for repeated in [0, count - 1] {
            #expect(FrontMatter.plainFields(yaml + "\(keys[repeated]): again\n", file: "x.md") == nil, "key \(repeated) of \(count)")
        }
        let frontMatter = try FrontMatter(parsing: "---\n" + yaml + "key0: again\n---\nBody\n", file: "x.md")
        #expect(frontMatter.warnings.count == 1 && frontMatter.warnings[0].message.contains("'key0' is written twice"), "\(frontMatter.warnings)")
        #expect(frontMatter.bodyLine == count + 4)
    }

    @Test func windowsLineEndsAreRead() throws {
        let frontMatter = try FrontMatter(parsing: "---\r\ntitle: Hi\r\n---\r\nBody\r\n", file: "x.md")
        #expect(frontMatter.fields.map(\.key) == ["title"])
        #expect(try frontMatter.fields[0].string() == "Hi")
        #expect(frontMatter.body == "Body\r\n" && frontMatter.bodyLine == 4)
    }

    @Test func aFileWithoutFrontMatterIsAllBody() throws {
        let frontMatter = try FrontMatter(parsing: "# Title\n", file: "x.md")
        #expect(frontMatter.fields.isEmpty && frontMatter.body == "# Title\n")
    }

    @Test func anUnclosedFrontMatterIsAnErrorAtLineOne() {
        #expect(throws: SiteError(file: "x.md", line: 1, "front matter: no closing '---' line")) {
            try FrontMatter(parsing: "---\ntitle: x\n", file: "x.md")
        }
    }

    @Test func wrongTypesNameTheKeyAndLine() throws {
        let frontMatter = try FrontMatter(parsing: "---\ntitle: x\ndraft: maybe\nweight: heavy\n---\n", file: "x.md")
        #expect(throws: SiteError(file: "x.md", line: 3, "'draft' must be true or false")) { try frontMatter.fields[1].bool() }
        #expect(throws: SiteError(file: "x.md", line: 4, "'weight' must be a whole number")) { try frontMatter.fields[2].int() }
    }

    /// Aliases are values like any other, up to a file's budget, which its fields share.
    @Test func aliasesCountAgainstTheFilesBudgetOfValues() throws {
        let frontMatter = try FrontMatter(parsing: "---\nbase: &b {x: 1, y: [2, 3]}\ncopy: *b\n---\n", file: "x.md")
        var budget = 10
        let values = try frontMatter.fields.map { try $0.fieldValue(budget: &budget) }
        let expected = FieldValue.map(["x": .number(1), "y": .list([.number(2), .number(3)])])
        #expect(values == [expected, expected])
        #expect(budget == 0)
        budget = 9
        // Yams gives an alias its anchor's node, so the error names the anchor's line.
        #expect(throws: SiteError(file: "x.md", line: 2, "'copy': the front matter holds more than 100000 values (YAML aliases can repeat them)")) {
            for field in frontMatter.fields { _ = try field.fieldValue(budget: &budget) }
        }
    }
}

@Suite struct SiteConfigTests {
    private func load(_ yaml: String) throws -> SiteConfig {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("owl-\(UUID().uuidString).yml")
        try Data(yaml.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try SiteConfig.load(from: url, displayName: "owl.yml")
    }

    /// The root path begins every link, so it stays percent-encoded as the base URL has it.
    @Test(arguments: [
        ("https://example.com", "/"), ("https://example.com/", "/"), ("http://example.com//blog//", "/blog/"),
        ("https://example.com/my%20blog/", "/my%20blog/"), ("https://example.com/caf%C3%A9", "/caf%C3%A9/"),
    ])
    func theRootPathIsTheBaseURLsPath(_ baseURL: String, _ rootPath: String) {
        var config = SiteConfig()
        config.baseURL = baseURL
        #expect(config.rootPath == rootPath)
    }

    /// Pages are re-rendered when a setting in their key changes. A setting added to
    /// `SiteConfig` fails this test until it is either in `PageKey.settings` or named here
    /// as one no page shows.
    @Test func everySettingPagesShowIsInTheirKey() {
        let notShown: Set = ["history", "sectionLines", "rootPath", "permalinkLines"]  // patches; errors; made from baseURL; errors
        var changed: [String: SiteConfig] = [:]
        func change(_ name: String, _ edit: (inout SiteConfig) -> Void) {
            var config = SiteConfig()
            edit(&config)
            changed[name] = config
        }
        change("title") { $0.title = "Other" }
        change("description") { $0.description = "Other" }
        change("author") { $0.author = "Other" }
        change("language") { $0.language = "de" }
        change("baseURL") { $0.baseURL = "https://example.com/" }
        change("rawHTML") { $0.rawHTML = true }
        change("highlight") { $0.highlight = false }
        change("summaryLength") { $0.summaryLength = 0 }
        change("homeRecent") { $0.homeRecent = 3 }
        change("feedCount") { $0.feedCount = 3 }
        change("pageSize") { $0.pageSize = 3 }
        change("sections") { $0.sections = ["posts": SectionSettings(style: .grid)] }
        change("words") { $0.words["recent"] = "Neueste" }
        change("countWords") { $0.countWords["posts"] = PluralWord(one: "{count} Beitrag", other: "{count} Beiträge") }
        change("permalinks") { $0.permalinks = ["posts": "/:year/:slug/"] }
        change("timezone") { $0.timezone = "Europe/Berlin" }
        change("taxonomyNames") { $0.taxonomyNames = ["categories", "series"] }
        let stored = Set(Mirror(reflecting: SiteConfig()).children.compactMap(\.label))
        #expect(stored == Set(changed.keys).union(notShown))
        for (name, config) in changed {
            #expect(PageKey.settings(config) != PageKey.settings(SiteConfig()), "\(name)")
        }
    }

    @Test func readsEverySetting() throws {
        let config = try load("""
        title: T
        baseURL: https://example.com/blog
        rawHTML: true
        pageSize: 10
        sections:
          projects: {style: grid, group: none, sort: weight, title: Work}
        """)
        #expect(config.title == "T" && config.rawHTML && config.rootPath == "/blog/")
        #expect(config.permalink("/a/") == "https://example.com/blog/a/")
        #expect(config.settings(for: "projects") == SectionSettings(style: .grid, grouping: .none, sort: .weight, pageSize: 10, title: "Work"))
        #expect(config.settings(for: "posts").pageSize == 10)
    }

    @Test(arguments: ["en", "de", "pt-BR", "zh-Hant-TW", "es-419", "x-klingon"])
    func aLanguageTagIsALanguage(_ tag: String) throws {
        #expect(SiteConfig.problem(withLanguage: tag) == nil)
        #expect(try load("language: \(tag)\n").language == tag)
    }

    @Test(arguments: ["", "en_US", "e n", "-en", "en-", "englishlanguage", "1en", "fr\u{e9}", "en--GB"])
    func anythingElseIsNot(_ text: String) {
        #expect(SiteConfig.problem(withLanguage: text) == "'\(text)' is not a language tag, such as en, de or pt-BR")
    }

    /// The words given replace the theme's; the others stay English. A word the theme does
    /// not have is an error, which lists the words it has.
    @Test func wordsReplaceTheThemesOwn() throws {
        let config = try load("words:\n  recent: Neueste\n  newer: \"← Neuer\"\n")
        #expect(config.words["recent"] == "Neueste" && config.words["newer"] == "← Neuer" && config.words["older"] == "Older →")
        #expect(config.words.keys.sorted() == SiteConfig.defaultWords.keys.sorted())
        #expect { try load("words:\n  recent: Neueste\n  recnet: x\n") } throws: { error in
            "\(error)".hasPrefix("owl.yml:3: unknown word 'recnet'; the theme's words are by, contents, feed, items, moreInSection, movedTo, newer,")
        }
        #expect(throws: SiteError(file: "owl.yml", line: 2, "'recent' must be text")) { try load("words:\n  recent: [a]\n") }
        // A word's placeholders are filled in where it is shown: one it lacks would be shown as it is.
        #expect(try load("words:\n  pageOf: \"{count}ページ中{number}ページ目\"\n  recent: \"{Neu}\"\n").words["pageOf"] == "{count}ページ中{number}ページ目")
        #expect(throws: SiteError(file: "owl.yml", line: 2, "the word 'pageOf' has no placeholder {page}; its placeholders are {number} and {count}")) {
            try load("words:\n  pageOf: \"Seite {page} von {count}\"\n")
        }
    }

    @Test func anUnknownKeyIsAnErrorAtItsLine() {
        #expect(throws: SiteError(file: "owl.yml", line: 2, "unknown key 'colour' in owl.yml")) { try load("title: T\ncolour: blue\n") }
    }

    @Test func aBadChoiceListsTheValidOnes() {
        #expect(throws: SiteError(file: "owl.yml", line: 3, "'style' must be one of list, grid, not 'table'")) {
            try load("sections:\n  posts:\n    style: table\n")
        }
    }
}

@Suite struct MarkdownRendererTests {
    @Test func givesHeadingsUniqueIDs() {
        let html = MarkdownRenderer(allowsRawHTML: false, rootPath: "/").render("# Hello, *World*!\n\n## Hello World\n\n## Ünïcode & more\n").html
        #expect(html.contains("<h1 id=\"hello-world\"><a class=\"anchor\" href=\"#hello-world\">Hello, <em>World</em>!</a></h1>"))
        #expect(html.contains("<h2 id=\"hello-world-1\"><a class=\"anchor\" href=\"#hello-world-1\">Hello World</a></h2>"))
        #expect(html.contains("<h2 id=\"ünïcode--more\">"), "GitHub's ids: punctuation dropped, each space a dash")
    }

    /// A heading's text links to the heading (the theme shows a # on hover and focus), but
    /// for a heading that holds a link of its own: links do not nest.
    @Test func headingsLinkToThemselvesUnlessTheyHoldALink() {
        let html = MarkdownRenderer(allowsRawHTML: false, rootPath: "/blog/").render("## See [the docs](/docs/)\n\n### Plain `code`\n").html
        #expect(html.contains(#"<h2 id="see-the-docs">See <a href="/blog/docs/">the docs</a></h2>"#))
        #expect(html.contains(##"<h3 id="plain-code"><a class="anchor" href="#plain-code">Plain <code>code</code></a></h3>"##))
    }

    /// What may scroll sideways takes the keyboard's focus; a task's checkbox is labelled by its text.
    @Test func keyboardAndScreenReaderUsersReachCodeTablesAndTasks() {
        let markdown: Substring = "- [x] done *well*\n- [ ] open\n  - [ ] nested\n\n| a | b |\n|:-|-:|\n| 1 | 2 |\n\n```\nplain\n```\n"
        let html = MarkdownRenderer(allowsRawHTML: false, rootPath: "/").render(markdown).html
        #expect(html.contains(#"<li><label><input type="checkbox" checked="" disabled="" /> done <em>well</em></label></li>"#))
        #expect(html.contains("<li><label><input type=\"checkbox\" disabled=\"\" /> open\n</label><ul>"))
        #expect(html.contains(#"<li><label><input type="checkbox" disabled="" /> nested</label></li>"#))
        #expect(html.contains(#"<table tabindex="0">"#) && html.contains(#"<th style="text-align: left">a</th>"#) && html.contains(#"<td style="text-align: right">2</td>"#))
        #expect(html.contains("<pre tabindex=\"0\"><code>plain\n</code></pre>"))
    }

    /// In a loose list (its items apart) cmark puts a task's checkbox before the item's
    /// paragraph: the checkbox and its label go into the paragraph, where its text is.
    @Test func aLooseTasksCheckboxIsLabelledByItsParagraphsText() {
        let markdown: Substring = "- [ ] loose *one*\n\n- [x] loose two\n\n  > quoted\n\n- [ ] tight\n  - [ ] nested\n"
        let html = MarkdownRenderer(allowsRawHTML: false, rootPath: "/").render(markdown).html
        #expect(html.contains(#"<li><p><label><input type="checkbox" disabled="" /> loose <em>one</em></label></p>"#), "\(html)")
        #expect(html.contains("<li><p><label><input type=\"checkbox\" checked=\"\" disabled=\"\" /> loose two</label></p>\n<blockquote>"))
        #expect(html.contains("<li><p><label><input type=\"checkbox\" disabled=\"\" /> tight</label></p>\n<ul>"))
        #expect(html.contains(#"<li><label><input type="checkbox" disabled="" /> nested</label></li>"#))
        #expect(!html.contains("<label><input type=\"checkbox\" disabled=\"\" /> \n</label>"))
    }

    /// A task's label ends where its text does: at the first of the tags that end it,
    /// whichever comes first, and at the end of the HTML when none does. A heading ends at
    /// its own end tag, past the tags inside it.
    @Test(arguments: ["</li>", "</p>", "<ul>", "<ol>", "<p>", "<div>", "<pre>", "<blockquote>"])
    func aTasksLabelEndsAtTheFirstTagThatEndsItsText(_ end: String) {
        let box = #"<input type="checkbox" disabled="" />"#
        let html = "<li>\(box) a <em>b</em> <a href=\"/c\">c</a> <code>&lt;li&gt;</code>\(end)</li><li>\(box) z"
        let rewritten = Array(html.utf8).withUnsafeBufferPointer { HTMLRewriter(rootPath: "/").rewrite($0) }
        let shown = end == "<pre>" ? #"<pre tabindex="0">"# : end
        #expect(rewritten == "<li><label>\(box) a <em>b</em> <a href=\"/c\">c</a> <code>&lt;li&gt;</code></label>\(shown)</li><li><label>\(box) z</label>")
        let heading = "<h3>x <em>y</em> <code>&lt;/h3&gt;</code></h3><p>after</p>"
        let rewrittenHeading = Array(heading.utf8).withUnsafeBufferPointer { HTMLRewriter(rootPath: "/").rewrite($0) }
        #expect(rewrittenHeading == ##"<h3 id="x-y-h3"><a class="anchor" href="#x-y-h3">x <em>y</em> <code>&lt;/h3&gt;</code></a></h3><p>after</p>"##)
    }

    /// An image alone in its paragraph, with a title, is a figure captioned by the title;
    /// one without a title, or among text, stays as it is.
    @Test func aTitledImageIsAFigureWithACaption() {
        let markdown: Substring = "![An owl](/owl.svg \"The demo's <owl> & more\")\n\n![Plain](/p.png)\n\nText ![inline](/i.png \"t\") text.\n"
        let html = MarkdownRenderer(allowsRawHTML: false, rootPath: "/blog/").render(markdown).html
        #expect(html.contains(#"<figure><img src="/blog/owl.svg" alt="An owl" title="The demo's &lt;owl&gt; &amp; more" /><figcaption>The demo's &lt;owl&gt; &amp; more</figcaption></figure>"#), "\(html)")
        #expect(html.contains(#"<p><img src="/blog/p.png" alt="Plain" /></p>"#))
        #expect(html.contains(#"<p>Text <img src="/blog/i.png" alt="inline" title="t" /> text.</p>"#))
    }

    @Test func putsTheBasePathBeforeRootRelativeLinksOnly() {
        let html = MarkdownRenderer(allowsRawHTML: false, rootPath: "/blog/").render("[a](/a/) [b](b/) [c](https://x.org/c) ![i](/i.png) [d](//cdn.example/d)\n").html
        #expect(html.contains("href=\"/blog/a/\"") && html.contains("href=\"b/\"") && html.contains("href=\"https://x.org/c\""))
        #expect(html.contains("src=\"/blog/i.png\"") && html.contains("href=\"//cdn.example/d\""))
    }

    @Test func rawHTMLIsOmittedUnlessAllowedAndTheTagFilterStillApplies() {
        let markdown: Substring = "<span>x</span>\n\n<script>alert(1)</script>\n"
        #expect(!MarkdownRenderer(allowsRawHTML: false, rootPath: "/").render(markdown).html.contains("<span>"))
        let allowed = MarkdownRenderer(allowsRawHTML: true, rootPath: "/").render(markdown).html
        #expect(allowed.contains("<span>x</span>") && allowed.contains("&lt;script>"))
    }

    /// cmark-gfm keeps the inline characters of its extensions (`~`, `:`, `w`) in a table
    /// that every parser shares, and takes them out when it finishes a document: two
    /// documents finished at once could lose their strikethrough and autolinks. It takes two
    /// cores to finish two at once: on one, the test is skipped, as it could not fail.
    @Test(.enabled(if: ProcessInfo.processInfo.activeProcessorCount > 1))
    func documentsRenderedAtOnceKeepTheirExtensions() throws {
        let renderer = MarkdownRenderer(allowsRawHTML: false, rootPath: "/")
        let markdown: Substring = "Some ~~gone~~ text, https://example.com and www.example.org.\n\n| a | b |\n|---|---|\n| ~~c~~ | d |\n"
        let expected = renderer.render(markdown).html
        #expect(expected.contains("<del>gone</del>") && expected.contains("<a href=\"https://example.com\">") && expected.contains("<table tabindex=\"0\">"))
        let rendered = try Array(0..<4_000).concurrentMap { _ in renderer.render(markdown).html }
        #expect(rendered.filter { $0 != expected }.count == 0)
    }
}

@Suite struct ManifestTests {
    @Test func aManifestEntryReadsBackFromItsBinaryForm() throws {
        func hash(_ value: UInt64) -> ContentHash { ContentHash(value: value) }
        let page = ManifestPage(file: "b/index.html", title: "Quote \" and \\ and\ttab", shell: hash(1), lists: [
            ManifestList(id: "l", shell: hash(2), sections: [ManifestSection(id: "s", hash: hash(3), range: [10, 90], cells: [ManifestCell(id: "c", hash: hash(.max), start: 20, end: 30)])]),
        ], regions: ["nav": ManifestSpan(hash: hash(1 << 63), start: 1, end: 9), "title": ManifestSpan(hash: hash(0), start: 9, end: 10)])
        var out = BinaryWriter()
        page.write(to: &out)
        #expect(try ManifestPage(binary: SharedBytes(out.bytes)) == page)
        #expect(throws: (any Error).self) { try ManifestPage(binary: SharedBytes(out.bytes.dropLast(3))) }
    }

    @Test(arguments: [0, 7, 10, 99, 100, 1_234_567, Int.max, -5, Int.min])
    func numbersAreWrittenInDecimal(_ value: Int) {
        var out = JSONOutput()
        out.number(value)
        #expect(String(decoding: out.bytes, as: UTF8.self) == String(value))
    }

    @Test(arguments: ["plain", "", "Ünï 日本", "a \"quote\"", "back\\slash", "new\nline", "tab\tand\u{1}", "\u{7f}"])
    func stringsReadBackAsWritten(_ value: String) throws {
        var out = JSONOutput()
        out.string(value)
        #expect(try JSONDecoder().decode(String.self, from: Data(out.bytes)) == value)
    }
}

@Suite struct ByteSearchTests {
    @Test func oneByteIsFoundFromWhereTheSearchStartsAndNowhereOutside() {
        Array("a<b<".utf8).withUnsafeBytes { bytes in
            #expect(ByteSearch.firstOffset(of: UInt8(ascii: "<"), in: bytes, from: 0) == 1)
            #expect(ByteSearch.firstOffset(of: UInt8(ascii: "<"), in: bytes, from: 2) == 3)
            #expect(ByteSearch.firstOffset(of: UInt8(ascii: "<"), in: bytes, from: 4) == nil)
            #expect(ByteSearch.firstOffset(of: UInt8(ascii: "<"), in: bytes, from: -1) == nil)
            #expect(ByteSearch.firstOffset(of: UInt8(ascii: "z"), in: bytes, from: 0) == nil)
        }
    }

    @Test func firstOffsetAgreesWithAPlainSearch() {
        var random = SeededGenerator(seed: 11)
        let alphabet = Array(" h=\"ab".utf8)
        for _ in 0..<2_000 {
            let haystack = (0..<Int.random(in: 0..<40, using: &random)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
            let needle = (0..<1 + Int.random(in: 0..<4, using: &random)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
            let start = Int.random(in: 0..<haystack.count + 2, using: &random)
            let expected = start > haystack.count ? nil : (start..<max(start, haystack.count - needle.count + 1)).first {
                haystack[$0..<($0 + needle.count)].elementsEqual(needle)
            }
            #expect(haystack.withUnsafeBytes { ByteSearch.firstOffset(of: needle, in: $0, from: start) } == expected, "\(haystack) \(needle) \(start)")
        }
    }

    /// The needles with an `=` are found by it: every place of each marker in a page, from every start.
    @Test func attributeMarkersAreFoundWhereAPlainSearchFindsThem() {
        let html = Array(##"<p id="a" class="x=y">a = b<a href="#a">1</a><img src="i.png" alt="="><a data-href="no" href="/p/">2</a> href= "no" id="""##.utf8)
        for marker in [" href=\"", " href=\"#", " src=\"", " id=\"", "=", "=\"", "a=", "data-owl-region=\""].map({ Array($0.utf8) }) {
            for start in 0...html.count {
                let expected = (start..<max(start, html.count - marker.count + 1)).first { html[$0..<($0 + marker.count)].elementsEqual(marker) }
                #expect(html.withUnsafeBytes { ByteSearch.firstOffset(of: marker, in: $0, from: start) } == expected, "\(String(decoding: marker, as: UTF8.self)) from \(start)")
            }
        }
    }
}

@Suite struct RegionScannerTests {

    @Test func matchesNestedElementsOfTheSameNameAndVoidElements() throws {
        let html = "<body><div data-owl-region=\"a\"><div>in</div><divider>x</divider></div><meta name=\"m\" data-owl-region=\"m\"><p>after</p>"
            + "<LINK rel=\"x\" data-owl-region=\"l\"><metadata data-owl-region=\"n\">x</metadata></body>"
        let regions = RegionScanner.regions(in: Array(html.utf8))
        let bytes = Array(html.utf8)
        try #require(regions.map(\.name) == ["a", "m", "l", "n"])
        #expect(String(decoding: bytes[regions[0].range], as: UTF8.self) == "<div data-owl-region=\"a\"><div>in</div><divider>x</divider></div>")
        #expect(String(decoding: bytes[regions[1].range], as: UTF8.self) == "<meta name=\"m\" data-owl-region=\"m\">")
        #expect(String(decoding: bytes[regions[2].range], as: UTF8.self) == "<LINK rel=\"x\" data-owl-region=\"l\">", "void, whatever its case")
        #expect(String(decoding: bytes[regions[3].range], as: UTF8.self) == "<metadata data-owl-region=\"n\">x</metadata>", "not void")
    }
}

@Suite struct SitePathTests {
    @Test(arguments: [
        ("posts/trip/index.md", "posts/trip/"), ("posts/trip/index.markdown", "posts/trip/"), ("about/index.md", "about/"),
        ("index.md", nil), ("posts/index.v2.md", nil), ("posts/indexes.md", nil), ("posts/trip/_index.md", nil), ("posts/a.md", nil),
    ] as [(String, String?)])
    func aBundleIsTheFolderOfAnIndexFile(_ file: String, _ folder: String?) {
        #expect(SitePath.bundleFolder(ofFile: file[...]).map(String.init) == folder)
    }

    /// A cell id is the path's parts joined with dashes, empty parts left out; the parts are
    /// split at every `/` byte, one that a combining mark follows included.
    @Test(arguments: [
        ("/posts/hello/", "posts-hello"), ("/", ""), ("", ""), ("/about/", "about"), ("/a//b/", "a-b"), ("posts/x", "posts-x"),
        ("/2024/ünïcode-ü/", "2024-ünïcode-ü"), ("//lead/trail//", "lead-trail"), ("/posts/\u{301}x/", "posts-\u{301}x"),
    ])
    func cellIDsJoinThePartsOfThePath(_ path: String, _ id: String) {
        #expect(SitePlan.cellID(forPath: path) == id)
    }

    /// The same rule for random paths of slashes, dashes, letters and letters beyond ASCII:
    /// the parts split at `/` bytes and joined with dashes.
    @Test func cellIDsOfRandomPathsJoinTheirParts() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["/", "/", "//", "-", "a", "Zz", "ü", "\u{301}", "日本", "9", ".md"]
        for _ in 0..<2_000 {
            let path = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let joined = path.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }.joined(separator: "-")
            #expect(SitePlan.cellID(forPath: path) == joined, "\(path)")
        }
    }

    /// What a URL path may hold stays; a space, a letter beyond ASCII and other bytes are
    /// percent-encoded, byte by byte of their UTF-8 (`;` too, as Foundation's path set has it).
    @Test(arguments: [
        ("/posts/hello-world_2/", "/posts/hello-world_2/"), ("/a/b.c~d/", "/a/b.c~d/"), ("/x/!$&'()*+,=:@/", "/x/!$&'()*+,=:@/"), ("/a;b/", "/a%3Bb/"),
        ("/posts/Café Crème/", "/posts/Caf%C3%A9%20Cr%C3%A8me/"), ("/tags/日本/", "/tags/%E6%97%A5%E6%9C%AC/"), ("/a\"b<c>/", "/a%22b%3Cc%3E/"),
    ])
    func urlsCarryPathsPercentEncoded(_ path: String, _ url: String) {
        #expect(SitePath.urlEncoded(path) == url)
        #expect(url.removingPercentEncoding == path)
    }

    /// Checked byte by byte: a `/` with a combining mark after it is one character, but the
    /// file system splits the path there all the same.
    @Test(arguments: ["../x", "a/../../b", "/etc/passwd", "a/./b", "a\\b", "../\u{301}", "/\u{301}//x"])
    func slugsThatEscapeAreRejected(_ slug: String) {
        #expect(throws: SiteError.self) { try SitePath.validate(slug: slug, in: "x.md", line: 2) }
    }

    @Test(arguments: ["", "a//b", "a/", "two\nlines", "a\u{2028}b", "a\r\nb", "..x/é\u{85}", "a//\u{301}"])
    func slugsThatAreNoPathAreRejected(_ slug: String) {
        #expect { try SitePath.validate(slug: slug, in: "x.md", line: 2) } throws: { error in
            "\(error)".contains("is not a valid path")
        }
    }

    /// `?`, `#` and `%` would begin a query, a fragment or an escape in the page's URL.
    @Test(arguments: ["what?", "c#", "100%", "a/b#c"])
    func slugsAURLCannotCarryAreRejected(_ slug: String) {
        let character = slug.first { "?#%".contains($0) }!
        #expect(throws: SiteError(file: "x.md", line: 2, "slug '\(slug)' has '\(character)', which a URL cannot carry")) {
            try SitePath.validate(slug: slug, in: "x.md", line: 2)
        }
        #expect(throws: SiteError(file: "x.md", "the file's name has '\(character)', which a URL cannot carry: rename the file or give it a slug")) {
            try SitePath.validate(slug: slug, in: "x.md", line: nil)
        }
        #expect(throws: SiteError(file: "x.md", "the folder '\(slug)' has '\(character)', which a URL cannot carry: rename it")) {
            try SitePath.validate(folders: ["posts", slug], in: "x.md")
        }
    }

    /// An earlier address is a folder's `index.html`, or the `.html` file it names; one that
    /// does not start at the root is beside the page.
    @Test(arguments: [("/old/", "old/index.html"), ("/old", "old/index.html"), ("/2022/01/old-name/", "2022/01/old-name/index.html"),
                      ("/old/page.html", "old/page.html"), ("/Café Crème/", "Café Crème/index.html"), ("/_owlish/", "_owlish/index.html"),
                      ("old-name", "posts/old-name/index.html"), ("2019/old.html", "posts/2019/old.html"), ("_owl/", "posts/_owl/index.html")])
    func anAliasIsWrittenToItsAddressesFile(alias: String, file: String) throws {
        #expect(try SitePath.aliasFile(alias, besides: "/posts/new-name/", in: "x.md", line: 2) == file)
    }

    @Test func aRelativeAliasOfATopLevelPageIsAtTheRoot() throws {
        #expect(try SitePath.aliasFile("old-about/", besides: "/about/", in: "x.md", line: 2) == "old-about/index.html")
        #expect(try SitePath.aliasFile("welcome.html", besides: "/", in: "x.md", line: 2) == "welcome.html")
        #expect(SitePath.parentPath(of: "/posts/a/") == "/posts/" && SitePath.parentPath(of: "/a/") == "/" && SitePath.parentPath(of: "/") == "/")
    }

    @Test(arguments: [("", "is not a page's address"), ("/", "is not a page's address"), ("/a//b/", "is not a page's address"),
                      ("../../x/", "would escape"), ("a/../../b", "would escape"),
                      ("/a\nb/", "is not a page's address"), ("/../x/", "would escape"), ("/a/./b/", "would escape"), ("/a\\b/", "would escape"),
                      ("/a#b/", "has '#'"), ("/_owl/x/", "would be inside _owl/"), ("/_owl", "would be inside _owl/")])
    func aliasesThatAreNoAddressOfTheSiteAreRejected(alias: String, problem: String) {
        #expect { try SitePath.aliasFile(alias, besides: "/posts/new-name/", in: "x.md", line: 2) } throws: { error in
            "\(error)".contains(problem) && "\(error)".hasPrefix("x.md:2: ") && (alias.isEmpty || "\(error)".contains(alias))
        }
    }

    /// `_owl/` and what is inside it are owl-site's; names that only begin the same are not.
    @Test func theReservedFolderIsRefusedAndOnlyIt() throws {
        for path in ["_owl", "_owl/owl.js", "/_owl/", "/_owl/patches/", "_owl/history/x.json"] {
            #expect(throws: SiteError(file: "f", line: 3, "\(path) would be inside _owl/, where owl-site keeps its own files; move or rename it")) {
                try SitePath.checkNotReserved(path, from: "f", line: 3)
            }
        }
        for path in ["_owlish/x", "/_owls/", "posts/_owl/", "/posts/_owl/x/", "owl.js"] {
            try SitePath.checkNotReserved(path, from: "f")
        }
    }

    @Test func nestedSlugsAndSlugifiedTagsAreFine() throws {
        try SitePath.validate(slug: "2024/hello", in: "x.md", line: 2)
        #expect(SitePath.slugify("Swift & iOS 17!") == "swift-ios-17")
        #expect(SitePath.file(for: "/posts/a/") == "posts/a/index.html")
    }

    @Test(arguments: [("C", "c"), ("C++", "c-plus-plus"), ("C#", "c-sharp"), ("F# 8", "f-sharp-8"), ("#swift", "swift"), ("A+", "a-plus"),
                      ("+1", "1"), ("Notepad++ tips", "notepad-plus-plus-tips"), ("é#", "é-sharp"), ("Swift & iOS", "swift-ios"), ("#", "")])
    func tagSlugsSpellOutPlusAndSharpAfterALetterOrDigit(tag: String, slug: String) {
        #expect(SitePath.tagSlug(tag) == slug)
    }

    /// ASCII text takes a byte-wise path; text with an `é` in front takes the general one.
    @Test(arguments: ["Swift & iOS 17!", "  --Hello__World--  ", "A-Z a-z 0-9 !\"#$%&'()*+,./:;<=>?@[\\]^_`{|}~", "\r\n\tTabs\u{7F}", "", "---"])
    func asciiSlugsMatchTheGeneralPath(text: String) {
        let slug = SitePath.slugify(text)
        #expect(SitePath.slugify("é " + text) == "é" + (slug.isEmpty ? "" : "-" + slug))
        #expect(slug.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D })
    }
}

@Suite struct EmbeddedThemeTests {
    /// `scripts/embed-resources.py` has been run since the last change to Templates/ or client/owl.js.
    @Test func theBundledThemeMatchesTemplatesAndOwlJS() throws {
        let root = SiteFixtureRoot.url
        let templates = root.appendingPathComponent("Templates")
        let paths = try FileTree.files(below: templates)
        #expect(paths.sorted() == EmbeddedTheme.files.keys.sorted())
        for path in paths {
            #expect(try String(contentsOf: templates.appendingPathComponent(path), encoding: .utf8) == EmbeddedTheme.files[path], "\(path)")
        }
        let script = root.appendingPathComponent("client/owl.js")
        #expect((try? String(contentsOf: script, encoding: .utf8)) == EmbeddedTheme.owlJS)
    }

    @Test func theBuiltInThemeParsesAndHasEveryLayoutAndCell() throws {
        let theme = try TemplateSet(overrides: nil, sourceRoot: URL(fileURLWithPath: "/"))
        for name in ["layouts/base", "layouts/single", "layouts/list", "layouts/home", "cells/PostCell", "cells/CardCell", "cells/TagCell"] {
            #expect(theme.names.contains(name))
        }
        #expect(theme.assets["assets/site.css"] != nil)
    }
}

/// A folder's files are listed in the order of their paths as text, a folder's name
/// sorting with the `/` after it, whatever the names' bytes.
@Suite struct FileTreeOrderTests {
    /// The paths below `folder` as a listing in that order gives them: each folder's names
    /// sorted as strings (a folder's with its `/`).
    private func expected(below folder: URL, relative: String = "") throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
        let keys = names.map { name in
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
            return isFolder.boolValue ? name + "/" : name
        }.sorted()
        return try keys.flatMap { key -> [String] in
            let name = key.hasSuffix("/") ? String(key.dropLast()) : key
            let path = relative.isEmpty ? name : relative + "/" + name
            return key.hasSuffix("/") ? try expected(below: folder.appendingPathComponent(name), relative: path) : [path]
        }
    }

    @Test(arguments: [false, true]) func filesAreListedInTheOrderOfTheirPaths(withNonASCIIName: Bool) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("owl-tree-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var names = ["a.md", "a-b.md", "a_b.md", "A.md", "b", "a", "ab", "z.md", "0.md", "~.md",
                     "2023-05-12-a-long-title-2.md", "2023-05-12-a-long-title-10.md", "2023-05-12-a-long-title-1.md",
                     "2023-05-12-a-long-title.md", "2023-05-12-a-long-title", "sixteen-bytes-ab", "sixteen-bytes-a", "sixteen-bytes-abc"]
        names += (0..<300).map { "post-\($0 * 7919 % 1000).md" }
        if withNonASCIIName { names += ["café.md", "cafe\u{301}s.md", "Zürich.md"] }
        for (number, name) in names.enumerated() {
            // Some of them folders, holding a file or two.
            if number % 5 == 1 {
                try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
                for inner in ["x.md", "index.md"] { try Data("x".utf8).write(to: folder.appendingPathComponent(name).appendingPathComponent(inner)) }
            } else {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data("x".utf8).write(to: folder.appendingPathComponent(name))
            }
        }
        let listed = try FileTree.files(below: folder)
        #expect(listed == (try expected(below: folder)))
        #expect(listed.count > 300)
    }
}

enum SiteFixtureRoot {
    static let url = SiteFixture.packageRoot
}

@Suite struct ConcurrentMapTests {
    @Test func keepsOrderAndValuesUnderLoad() throws {
        let input = Array(0..<50_000)
        for _ in 0..<20 {
            #expect(try input.concurrentMap { String($0 * 3) } == input.map { String($0 * 3) })
        }
    }

    /// The values of the elements that did not fail, in order, and every error, in order:
    /// the places of the failed ones closed up, each value moved, neither copied nor lost
    /// (every value made is let go of once, with the array).
    @Test func keepsTheValuesAroundFailuresAndEveryError() {
        final class Live: Sendable { let count = Atomic<Int>(0) }
        final class Box: Sendable {
            let value: Int, live: Live
            init(_ value: Int, _ live: Live) { (self.value, self.live) = (value, live); live.count.add(1, ordering: .relaxed) }
            deinit { live.count.subtract(1, ordering: .relaxed) }
        }
        struct Failure: Error, Equatable { var index: Int }
        let failing: Set<Int> = [0, 1, 2, 63, 64, 500, 2_999, 3_000, 9_999]
        let input = Array(0..<10_000)
        let live = Live()
        for _ in 0..<5 {
            do {
                let (values, errors) = input.concurrentMapKeepingErrors { (index: Int) throws(Failure) -> Box in
                    if failing.contains(index) { throw Failure(index: index) }
                    return Box(index, live)
                }
                #expect(values.map(\.value) == input.filter { !failing.contains($0) })
                #expect(errors == failing.sorted().map(Failure.init))
                #expect(live.count.load(ordering: .relaxed) == values.count)
            }
            #expect(live.count.load(ordering: .relaxed) == 0)
        }
        let none = [Int]().concurrentMapKeepingErrors { (index: Int) throws(Failure) -> Int in index }
        #expect(none.values.isEmpty && none.errors.isEmpty)
        let all = Array(0..<100).concurrentMapKeepingErrors { (index: Int) throws(Failure) -> Box in throw Failure(index: index) }
        #expect(all.values.isEmpty && all.errors == (0..<100).map(Failure.init))
    }

    @Test func throwsTheFirstErrorByIndex() {
        struct Failure: Error, Equatable { var index: Int }
        #expect(throws: Failure(index: 7)) {
            try Array(0..<1000).concurrentMap { index in
                if index == 7 || index == 900 { throw Failure(index: index) }
                return index
            }
        }
    }
}

/// The link and image targets an item keeps for the link check: its own site's, each once, in order.
@Suite struct LocalLinkTests {
    @Test func keepsLinksThatMayBePagesOfTheSite() {
        let html = """
        <p><a href="/posts/a/">a</a> <a href="https://example.com/">x</a> <a href="../b/?q=1&amp;r=2#top">b</a>
        <a href="mailto:me@example.com">m</a> <a href="//cdn.example.com/x.js">c</a> <a href="#notes">n</a>
        <a href="/posts/a/">again</a> <img src="/img.png"> <a href="?page=2">p</a> <a href="files/report.pdf">r</a></p>
        """
        let links = Array(html.utf8).withUnsafeBytes { LinkChecker.localLinks(inHTML: $0) }
        #expect(links == ["/posts/a/", "../b/?q=1&r=2#top", "/img.png", "files/report.pdf"])
        #expect(LinkChecker.decoded("it&#x27;s&amp;#x27;&quot;&lt;&gt;&#39;&nbsp;&") == "it's&#x27;\"<>'&nbsp;&")
    }
}

/// The build id hashes every file's path and bytes, in no order of theirs.
@Suite struct BuildIDTests {
    @Test func changesWithAnyFileAndNotWithTheirOrder() {
        var random = SeededGenerator(seed: 5)
        var files: [String: OutputFile] = [:]
        for number in 0..<300 { files["posts/p\(number)/index.html"] = OutputFile(Array("page \(number)".utf8)) }
        let id = BuildID(files: files).text
        #expect(id.utf8.count == 16 && PageVersion.parse(id) != nil)
        // The same files, put in another order.
        var shuffled: [String: OutputFile] = [:]
        for (path, file) in files.shuffled(using: &random) { shuffled[path] = file }
        #expect(BuildID(files: shuffled).text == id)
        var ids: Set<String> = [id]
        for number in 0..<300 {
            var changed = files
            changed["posts/p\(number)/index.html"] = OutputFile(Array("page \(number)!".utf8))
            ids.insert(BuildID(files: changed).text)
            var moved = files
            moved["posts/q\(number)/index.html"] = moved.removeValue(forKey: "posts/p\(number)/index.html")
            ids.insert(BuildID(files: moved).text)
        }
        // Two files' bytes swapped, one added, one taken out.
        var swapped = files
        (swapped["posts/p1/index.html"], swapped["posts/p2/index.html"]) = (files["posts/p2/index.html"], files["posts/p1/index.html"])
        ids.insert(BuildID(files: swapped).text)
        ids.insert(BuildID(files: files.merging(["extra.txt": OutputFile([])]) { $1 }).text)
        ids.insert(BuildID(files: files.filter { $0.key != "posts/p7/index.html" }).text)
        #expect(ids.count == 1 + 600 + 3)
    }

    /// A build adds up its id from each page's files where they are made and from its other
    /// files at the end: the id is that of every file it wrote, in a first build, in a
    /// rebuild that renders one page and reuses the others, and in one that writes its
    /// pages as they render.
    @Test func aBuildsIDIsThatOfTheFilesItWrote() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        func filesWritten() throws -> [String: OutputFile] {
            var files: [String: OutputFile] = [:]
            let enumerator = FileManager.default.enumerator(at: site.output, includingPropertiesForKeys: [.isRegularFileKey])
            while let url = enumerator?.nextObject() as? URL {
                guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
                let path = String(url.standardizedFileURL.path.dropFirst(site.output.standardizedFileURL.path.count + 1))
                files[path] = OutputFile([UInt8](try Data(contentsOf: url)))
            }
            return files
        }
        let first = try SiteBuilder(options: BuildOptions(source: site.root, quiet: true)).build()
        #expect(first.buildID == BuildID(files: try filesWritten()).text)
        try site.write("content/posts/first.md", "---\ntitle: Post first\ndate: 2022-01-05\n---\n\nA new body.\n")
        let edited = try SiteBuilder(options: BuildOptions(source: site.root, quiet: true)).build()
        #expect(edited.renderedPageCount < edited.pageCount && edited.buildID != first.buildID)
        #expect(edited.buildID == BuildID(files: try filesWritten()).text)
        try site.write("content/posts/first.md", "---\ntitle: Post first\ndate: 2022-01-05\n---\n\nAnother body.\n")
        var options = BuildOptions(source: site.root, quiet: true)
        options.writesAsItRendersFrom = 1
        let writtenAsRendered = try SiteBuilder(options: options).build()
        #expect(writtenAsRendered.buildID == BuildID(files: try filesWritten()).text)
    }
}

/// What tools leave in source folders, and names that only look like it.
@Suite struct ToolLeftoverTests {
    @Test(arguments: [".git", ".hg", ".svn", ".DS_Store", ".#notes.md", "first.md~", ".first.md.swp", "a.swx", "~", ".swp", "é.swp"])
    func leftovers(name: String) {
        #expect(BuildOptions.isToolLeftover(name))
    }

    @Test(arguments: [".gitignore", ".well-known", ".htaccess", "swp.md", "a.swpx", "notes~.md", "#tag.md", "git", "a.sw", "", "é~x", "swp", "a.swq", "aswp", "a.SWP"])
    func notLeftovers(name: String) {
        #expect(!BuildOptions.isToolLeftover(name))
    }
}

@Suite struct StringASCIITests {
    /// Read from the string's buffer, the answer is the `utf8` view's, for strings made
    /// whole and from slices.
    @Test(arguments: ["", "posts/hello-world_2/", "\u{7F}~ !", "Café", "日本", "a\u{80}", "emoji 😀"])
    func isASCIIAgreesWithTheBytes(_ text: String) {
        let expected = text.utf8.allSatisfy { $0 < 0x80 }
        #expect(text.isASCII == expected)
        #expect(String(text[...]).isASCII == expected)
        #expect(String(Substring("x" + text).dropFirst()).isASCII == expected)
    }
}
