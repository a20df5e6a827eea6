import Foundation

/// Dates as the site writes them, always in UTC so that output never depends on the machine.
enum DateText {
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
    private static let months = ["January", "February", "March", "April", "May", "June", "July",
                                 "August", "September", "October", "November", "December"]

    /// A date's UTC calendar fields.
    struct Parts: Equatable {
        var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    }

    /// 1900-01-01 and 10000-01-01 UTC: between them the Gregorian fields are computed directly.
    private static let directRange: Range<TimeInterval> = -2_208_988_800..<253_402_300_800

    /// The UTC fields of `date`: computed for years 1900–9999, from Foundation's calendar otherwise.
    static func parts(_ date: Date) -> Parts {
        let seconds = date.timeIntervalSince1970
        guard directRange.contains(seconds) else { return calendarParts(date) }
        let whole = Int(seconds.rounded(.down))
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let time = whole - days * 86_400
        // Days since 1970-01-01 to a Gregorian day, in 400-year eras starting on 1 March.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return Parts(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: dayOfYear - (153 * monthIndex + 2) / 5 + 1,
                     hour: time / 3_600, minute: time % 3_600 / 60, second: time % 60)
    }

    /// Midnight UTC of a Gregorian day from year 1 on: the inverse of `parts`, in the same eras.
    static func midnight(year: Int, month: Int, day: Int) -> Date {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return Date(timeIntervalSince1970: TimeInterval((era * 146_097 + dayOfEra - 719_468) * 86_400))
    }

    /// The UTC fields of `date` from Foundation's Gregorian calendar.
    static func calendarParts(_ date: Date) -> Parts {
        let p = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return Parts(year: p.year ?? 0, month: p.month ?? 1, day: p.day ?? 1, hour: p.hour ?? 0, minute: p.minute ?? 0, second: p.second ?? 0)
    }

    static func year(_ date: Date) -> Int { parts(date).year }

    /// `2024-03-01`.
    static func day(_ date: Date) -> String {
        let p = parts(date)
        guard (0...9999).contains(p.year) else { return padded(p.year, 4) + "-" + padded(p.month, 2) + "-" + padded(p.day, 2) }
        // Written digit by digit: every item's day is asked for on every page that shows it.
        return String(unsafeUninitializedCapacity: 10) { buffer in
            func put(_ value: Int, digits: Int, endingAt end: Int) {
                var rest = value
                for position in stride(from: end - 1, through: end - digits, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            put(p.year, digits: 4, endingAt: 4)
            buffer[4] = UInt8(ascii: "-")
            put(p.month, digits: 2, endingAt: 7)
            buffer[7] = UInt8(ascii: "-")
            put(p.day, digits: 2, endingAt: 10)
            return 10
        }
    }

    /// `1 March 2024`.
    static func display(_ date: Date) -> String {
        let p = parts(date)
        return "\(p.day) \(months[(p.month - 1) % 12]) \(p.year)"
    }

    /// `2024-03-01T09:30:00Z` (RFC 3339, for feeds and sitemaps).
    static func timestamp(_ date: Date) -> String {
        let p = parts(date)
        return day(date) + "T" + padded(p.hour, 2) + ":" + padded(p.minute, 2) + ":" + padded(p.second, 2) + "Z"
    }

    /// The days of `month` (1–12) in `year`, a Gregorian year.
    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The YAML timestamp for a date and time written as other generators take it but YAML
    /// does not: without seconds (`2024-05-01 09:30`, seconds 0) or with a zone without a
    /// colon (`2024-05-01 09:30:00 +0100`, as Jekyll writes them). Nil for any other text.
    static func yamlTimestamp(from text: String) -> String? {
        let pattern = /(\d{4}-\d{1,2}-\d{1,2}(?:[Tt]|[ \t]+)\d{1,2}:\d{2})(:\d{2}(?:\.\d+)?)?([ \t]*)(Z|[+-]\d{1,2}(?::?\d{2})?)?/
        guard let match = text.wholeMatch(of: pattern) else { return nil }
        let (_, dayAndTime, seconds, space, zone) = match.output
        var zoneText = zone.map(String.init) ?? ""
        if zoneText.count == 5, !zoneText.contains(":") { zoneText.insert(":", at: zoneText.index(zoneText.startIndex, offsetBy: 3)) }
        let timestamp = dayAndTime + (seconds ?? ":00") + space + zoneText
        return timestamp == text ? nil : String(timestamp)
    }

    /// Whether a written date and time names its zone: ends with `Z` or an offset such as
    /// `+01:00`, `-0500` or `+2` after a time. A day alone names none.
    static func hasZone(_ text: String) -> Bool {
        text.wholeMatch(of: /.*\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?[ \t]*(?:[Zz]|[+-]\d{1,2}(?::?\d{2})?)/) != nil
    }

    /// Whether the numbers of a YAML timestamp (`2024-05-01`, `2024-05-01T09:30:00.5Z`,
    /// `2024-05-01 09:30:00 +2:00`) are a day and a time that exist. Yams reads the fields
    /// through Foundation's calendar, which turns month 13 into January of the next year and
    /// 30 February into 2 March.
    static func fieldsExist(inTimestamp text: String) -> Bool {
        // The runs of digits but the fraction of a second: year, month, day, and maybe hour,
        // minute, second and the zone's hours and minutes.
        var numbers: [Int] = [], digits = "", beforeDigits: Character?, last: Character?
        func endRun() -> Bool {
            defer { digits = "" }
            guard !digits.isEmpty, beforeDigits != "." else { return true }
            guard let number = Int(digits) else { return false }
            numbers.append(number)
            return true
        }
        for character in text {
            if character.isASCII, character.isNumber {
                if digits.isEmpty { beforeDigits = last }
                digits.append(character)
            } else if !endRun() {
                return false
            }
            last = character
        }
        guard endRun(), numbers.count >= 3, (1...12).contains(numbers[1]) else { return false }
        let (day, time) = (numbers[2], numbers.dropFirst(3))
        let limits = [23, 59, 59, 23, 59]
        return day >= 1 && day <= days(inMonth: numbers[1], of: numbers[0]) && zip(time, limits).allSatisfy { $0 <= $1 }
    }

    /// `value` as `%0*d` writes it with `width`.
    private static func padded(_ value: Int, _ width: Int) -> String {
        guard value >= 0 else { return String(format: "%0\(width)d", value) }
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
