import Foundation
import Testing
@testable import OwlSite

@Suite struct DateTextTests {
    /// The computed fields agree with Foundation's calendar from 1900 to 9999, at whole
    /// seconds, fractions and day boundaries, before and after 1970.
    @Test func computedFieldsMatchTheCalendar() {
        var instants: [TimeInterval] = [-2_208_988_800, -2_208_988_799.5, -86_400, -86_399.25, -1, -0.5, 0, 0.75, 86_399.9, 951_782_400, 253_402_300_799]
        for step in stride(from: -2_208_988_800.0, to: 253_402_300_800.0, by: 86_400 * 365.2425 * 3.7 + 3_601.3) { instants.append(step) }
        for instant in instants {
            let date = Date(timeIntervalSince1970: instant)
            #expect(DateText.parts(date) == DateText.calendarParts(date), "at \(instant)")
        }
    }

    @Test func writesDaysDisplaysAndTimestamps() {
        let date = Date(timeIntervalSince1970: 1_709_285_400)  // 2024-03-01 09:30:00 UTC
        #expect(DateText.day(date) == "2024-03-01")
        #expect(DateText.display(date) == "1 March 2024")
        #expect(DateText.timestamp(date) == "2024-03-01T09:30:00Z")
        #expect(DateText.year(Date(timeIntervalSince1970: -2_208_988_801)) == 1899)
        for instant in [-62_135_596_800.0, -59_011_459_200, -2_208_988_800, 0, 951_782_400, 253_402_214_400] {  // years 1, 100, 1900, 1970, 2000, 9999
            let date = Date(timeIntervalSince1970: instant), p = DateText.parts(date)
            #expect(DateText.day(date) == String(format: "%04d-%02d-%02d", p.year, p.month, p.day), "\(instant)")
        }
    }

    /// The default language keeps its own form; any other is ICU's long date, in UTC (the
    /// instant is late on 1 March, a day later east of London).
    @Test func datesAreShownInTheSitesLanguage() {
        let date = Date(timeIntervalSince1970: 1_709_335_800)  // 2024-03-01 23:30:00 UTC
        let expected = ["en": "1 March 2024", "en-US": "March 1, 2024", "en-GB": "1 March 2024", "de": "1. März 2024",
                        "pt-BR": "1 de março de 2024", "ja": "2024年3月1日"]
        for (language, text) in expected {
            #expect(DateDisplay(language: language).text(date) == text, "\(language)")
        }
    }

    /// Yams reads month 13 as January of the next year, and 30 February as 2 March.
    @Test func timestampsWithFieldsOutOfRangeAreCaught() {
        for text in ["2024-02-29", "2023-12-31", "2024-1-2", "2024-05-01T23:59:59Z", "2024-05-01 09:30:00.123456789012345678901 +2:30", "2024-05-01t00:00:00-14"] {
            #expect(DateText.fieldsExist(inTimestamp: text), "\(text)")
        }
        for text in ["2023-02-29", "2024-13-01", "2024-00-10", "2024-04-31", "2024-05-00", "2024-05-01T24:00:00Z", "2024-05-01T10:60:00Z",
                     "2024-05-01T10:00:60Z", "2024-05-01 10:00:00 +24", "2024-05-01 10:00:00 +2:60", "2024-05", ""] {
            #expect(!DateText.fieldsExist(inTimestamp: text), "\(text)")
        }
    }

    /// Dates as Jekyll writes them, and times without seconds, in YAML's spelling.
    @Test func otherGeneratorsDatesBecomeYAMLTimestamps() {
        for (text, timestamp) in [("2024-05-01 09:30:00 +0100", "2024-05-01 09:30:00 +01:00"), ("2024-05-01 09:30", "2024-05-01 09:30:00"),
                                  ("2024-05-01T09:30Z", "2024-05-01T09:30:00Z"), ("2024-05-01 9:30 -0530", "2024-05-01 9:30:00 -05:30"),
                                  ("2024-5-1  09:30:00.5\t+0100", "2024-5-1  09:30:00.5\t+01:00")] {
            #expect(DateText.yamlTimestamp(from: text) == timestamp, "\(text)")
        }
        // Already YAML timestamps, or no dates and times at all.
        for text in ["2024-05-01", "2024-05-01 09:30:00", "2024-05-01T09:30:00+01:00", "2024-05-01 09:30:00 +01", "someday", "2024-05-01 09", "09:30"] {
            #expect(DateText.yamlTimestamp(from: text) == nil, "\(text)")
        }
    }

    /// A date in Jekyll's spelling is the moment it names; one out of range names what was written.
    @Test func frontMatterTakesJekyllsDates() throws {
        let fields = try FrontMatter(parsing: "---\ndate: 2024-05-01 09:30:00 +0100\nlater: 2024-05-01 10:15\nwrong: 2024-05-01 25:00\n---\n", file: "p.md").fields
        #expect(try fields[0].date() == Date(timeIntervalSince1970: 1_714_552_200))
        #expect(try fields[1].date() == Date(timeIntervalSince1970: 1_714_558_500))
        #expect(throws: SiteError(file: "p.md", line: 4, "'wrong' is not a real date or time: '2024-05-01 25:00'")) { try fields[2].date() }
    }
}
