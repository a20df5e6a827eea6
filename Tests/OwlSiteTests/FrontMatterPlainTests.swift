import Foundation
import Testing
@testable import OwlSite

/// The plain-line front matter reader must read exactly what Yams reads, or decline.
@Suite struct FrontMatterPlainTests {
    /// Each accessor's answer, value or error, as text.
    private func answers(_ field: FrontMatterField) -> [String] {
        func answer(_ body: () throws -> Any) -> String {
            do { return "\(try body())" } catch { return "error: \(String(reflecting: error))" }
        }
        return [
            field.key, "\(field.line ?? -1)",
            answer { try field.string() }, answer { try field.bool() }, answer { try field.int() },
            answer { try field.date().timeIntervalSince1970 }, answer { try field.strings() }, answer { try field.strings(separatedBy: ",") },
            answer { try field.fieldValue() as FieldValue },
        ]
    }

    private func yamlAnswers(_ yaml: String) throws -> [[String]] {
        try FrontMatter.yamlFields(yaml, file: "p.md").map { answers(FrontMatterField($0)) }
    }

    @Test(arguments: [
        "title: \"Reload grid insert page header layout\"\ndate: 2016-07-04\ntags: [design, linux, perf]\nsummary: \"List insert, update: swift # not a comment\"\n",
        "title: 'Single quoted'\ndraft: true\nweight: 3\nzero: 0\nflag: false\n",
        "title: Plain words, with a comma. And a full stop\nsection_name: notes\nempty: []\nquoted: [\"a b\", c-d, e_f]\n",
        "date: 2000-02-29\nleap: 2024-02-29\nold: 1900-01-01\nlate: 9999-12-31\nnew: 2026-11-22\n",
        "draft: maybe\nweight: heavy\ndate: someday\ncount: true\ntags: \"one\"\ntitle: [a, b]\n",
        "title: \"\"\nsummary: ''\n",
        "tags: swift, web\nkeywords: \"a, b,, c \"\n",
        "",
    ])
    func readsWhatYamsReads(yaml: String) throws {
        let plain = try #require(FrontMatter.plainFields(yaml, file: "p.md"))
        #expect(plain.map(answers) == (try yamlAnswers(yaml)))
    }

    @Test(arguments: [
        "title: yes\n", "title: No\n", "title: null\n", "weight: 012\n", "weight: -3\n", "weight: 1_000\n", "ratio: 1.5\n",
        "date: 2016-7-4\n", "date: 1899-12-31\n", "date: 2021-02-29\n", "date: 2016-07-04T10:00:00Z\n",
        "title: a: b\n", "title: a #b\n", "title: trailing \n", "title: two  spaces\n", "title: \"esc\\\"aped\"\n",
        "title: \"it's\"\n", "title: \"caf\u{E9}\"\n", "title: x\ntitle: y\n", "title: x\n\ntags: [a]\n", "tags:\n  - a\n",
        "tags: [a,b]\n", "tags: [ a ]\n", "tags: [yes, no]\n", "title: x\r\n", "title:x\n", "key : x\n", "# comment\n",
        "title: x # comment\n", "title: ~\n", "title: !tag x\n", "title: &anchor x\n", "1: x\n",
    ])
    func declinesWhatItCannotTypeExactly(yaml: String) {
        #expect(FrontMatter.plainFields(yaml, file: "p.md") == nil)
    }

    @Test func wrongTypesOfPlainFieldsGiveYamsErrorsWithTheirLines() throws {
        let frontMatter = try FrontMatter(parsing: "---\ntitle: x\ndate: someday\ntags: [a, b]\n---\n", file: "p.md")
        #expect(throws: SiteError(file: "p.md", line: 3, "'date' must be a date like 2024-05-01 or 2024-05-01T09:30:00Z, not 'someday'")) {
            try frontMatter.fields[1].date()
        }
        #expect(throws: SiteError(file: "p.md", line: 4, "'tags' must be text")) { try frontMatter.fields[2].string() }
    }

    @Test func daysAcrossTheCalendarMatchYams() throws {
        var yaml = ""
        for year in Array(stride(from: 1900, through: 9999, by: 97)) + [2000, 2023, 2024, 2100] {
            for month in 1...12 {
                for day in [1, 28, 29, 30, 31] where !(month == 2 && day > 29) && !([4, 6, 9, 11].contains(month) && day == 31) {
                    yaml += "d\(yaml.count): " + String(format: "%04d-%02d-%02d", year, month, day) + "\n"
                }
            }
        }
        let plain = try #require(FrontMatter.plainFields(yaml.replacingOccurrences(of: "-02-29", with: "-02-28"), file: "p.md"))
        let yamlFields = try FrontMatter.yamlFields(yaml.replacingOccurrences(of: "-02-29", with: "-02-28"), file: "p.md").map(FrontMatterField.init)
        #expect(try plain.map { try [$0.date().timeIntervalSince1970] } == yamlFields.map { try [$0.date().timeIntervalSince1970] })
        #expect(try plain.map { try $0.fieldValue() } == yamlFields.map { try $0.fieldValue() })
        let leapYears = [1904, 2000, 2024, 2400, 9996].map { "y\($0): \($0)-02-29\n" }.joined()
        #expect(try #require(FrontMatter.plainFields(leapYears, file: "p.md")).map(answers) == (try yamlAnswers(leapYears)))
    }
}

extension FrontMatterField {
    /// The value, with a file's whole budget of values.
    fileprivate func fieldValue() throws -> FieldValue {
        var budget = FieldValue.limit
        return try fieldValue(budget: &budget)
    }
}
