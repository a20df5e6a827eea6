import Foundation
import Testing

@testable import OwlSite

/// What a list's section headings say: the year, and a count of the whole year in the words
/// of the section, in the site's language.
@Suite struct ListWordsTests {
    /// The headers of the sections on a page: each year's heading text and its count.
    private func headers(_ html: String) -> [String] {
        html.components(separatedBy: "<header class=\"owl-header\" data-owl-header>").dropFirst().map { part in
            part.components(separatedBy: "</header>")[0]
                .replacingOccurrences(of: #"<[^>]+>"#, with: " ", options: .regularExpression)
                .split(separator: " ").joined(separator: " ")
        }
    }

    private func site(_ files: [String: String]) throws -> SiteFixture {
        let site = try SiteFixture(nil)
        for (path, text) in files { try site.write(path, text) }
        let result = try site.build()
        #expect(result.status == 0, "\(result.standardError)")
        return site
    }

    private func post(_ date: String?, tags: [String] = []) -> String {
        "---\ntitle: T\n" + (date.map { "date: \($0)\n" } ?? "") + (tags.isEmpty ? "" : "tags: [\(tags.joined(separator: ", "))]\n") + "---\nText\n"
    }

    @Test func aYearsCountCoversTheWholeYearOnEveryPage() throws {
        let site = try site([
            "owl.yml": "sections:\n  posts:\n    pageSize: 2\n",
            "content/posts/a.md": post("2024-03-01"), "content/posts/b.md": post("2024-02-01"),
            "content/posts/c.md": post("2024-01-01"), "content/posts/d.md": post("2023-01-01"),
        ])
        defer { site.remove() }
        #expect(headers(try site.page("posts/index.html")) == ["2024 3 posts"])
        #expect(headers(try site.page("posts/page/2/index.html")) == ["2024 3 posts", "2023 1 post"])
    }

    @Test func theCountsNounFollowsTheSection() throws {
        let site = try site([
            "owl.yml": "sections:\n  talks:\n    count: {one: \"{count} talk\", other: \"{count} talks\"}\n",
            "content/projects/a.md": post("2024-03-01", tags: ["x"]), "content/projects/b.md": post("2024-02-01"),
            "content/talks/a.md": post("2022-01-01", tags: ["x"]), "content/notes/a.md": post("2022-01-01"),
            "content/posts/a.md": post("2024-01-01", tags: ["x"]),
        ])
        defer { site.remove() }
        #expect(headers(try site.page("projects/index.html")) == ["2024 2 projects"])
        #expect(headers(try site.page("talks/index.html")) == ["2022 1 talk"])
        #expect(headers(try site.page("notes/index.html")) == ["2022 1 item"])
        // A tag's year holding a project and a post counts items; a year of one talk, talks.
        #expect(headers(try site.page("tags/x/index.html")) == ["2024 2 items", "2022 1 talk"])
    }

    @Test func countsAreTranslatedWithTheLanguagesPluralForms() throws {
        var files = [
            "owl.yml": """
            language: ru
            words:
              posts: {one: "{count} запись", few: "{count} записи", many: "{count} записей", other: "{count} записи"}
              tags: Метки
            """,
        ]
        for (year, count) in [(2024, 1), (2023, 3), (2022, 5), (2021, 21)] {
            for number in 0..<count { files["content/posts/\(year)-\(number).md"] = post("\(year)-01-\(String(format: "%02d", number % 28 + 1))", tags: ["x"]) }
        }
        let site = try site(files)
        defer { site.remove() }
        #expect(headers(try site.page("posts/index.html")) == ["2024 1 запись", "2023 3 записи", "2022 5 записей", "2021 21 запись"])
        #expect(try site.page("tags/index.html").contains("<h1 data-owl-region=\"heading\">Метки</h1>"))
    }

    @Test func undatedItemsOfADatedListHaveAHeadingOnlyWhenTheSiteNamesThem() throws {
        let files = ["content/posts/a.md": post("2024-01-01"), "content/posts/b.md": post(nil)]
        let plain = try site(files)
        defer { plain.remove() }
        let page = try plain.page("posts/index.html")
        #expect(headers(page) == ["2024 1 post"])
        #expect(page.contains("<section class=\"owl-section\" data-owl-section=\"undated\"><ol"))
        #expect(!page.lowercased().contains(">undated<"))

        let named = try site(files.merging(["owl.yml": "words:\n  undated: Ohne Datum\n"]) { $1 })
        defer { named.remove() }
        #expect(headers(try named.page("posts/index.html")) == ["2024 1 post", "Ohne Datum 1 post"])
    }

    @Test(arguments: [
        ("en", [0: "other", 1: "one", 2: "other"]), ("fr", [0: "one", 1: "one", 2: "other"]), ("ja", [1: "other"]),
        ("ru", [1: "one", 3: "few", 5: "many", 11: "many", 21: "one", 22: "few"]), ("pl", [1: "one", 22: "few", 21: "many"]),
        ("cs", [1: "one", 3: "few", 5: "other"]), ("ar", [0: "zero", 2: "two", 3: "few", 11: "many", 100: "other"]),
        ("pt-BR", [0: "one", 2: "other"]),
    ])
    func pluralCategories(_ language: String, _ expected: [Int: String]) {
        for (count, category) in expected {
            #expect(PluralWord.category(of: count, language: language) == category, "\(language) \(count)")
        }
    }

    @Test func aCountingWordNeedsItsOtherFormAndKnownCategories() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        try site.write("content/posts/a.md", post("2024-01-01"))
        try site.write("owl.yml", "words:\n  posts: {one: \"{count} post\"}\n")
        var result = try site.build()
        #expect(result.status == 1 && result.standardError.contains("owl.yml:2: the word 'posts' needs an 'other' form"), "\(result.standardError)")
        try site.write("owl.yml", "words:\n  posts:\n    single: x\n    other: y\n")
        result = try site.build()
        #expect(result.status == 1 && result.standardError.contains("owl.yml:3: 'single' is not a plural category"), "\(result.standardError)")
        // One text for every count is a word too.
        try site.write("owl.yml", "words:\n  posts: \"{count} ×\"\n")
        result = try site.build()
        #expect(result.status == 0)
        #expect(try site.page("posts/index.html").contains("<p class=\"count\">1 ×</p>"))
    }
}
