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

    private static func parts(_ date: Date) -> DateComponents {
        calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    }

    static func year(_ date: Date) -> Int { parts(date).year ?? 0 }

    /// `2024-03-01`.
    static func day(_ date: Date) -> String {
        let p = parts(date)
        return String(format: "%04d-%02d-%02d", p.year ?? 0, p.month ?? 1, p.day ?? 1)
    }

    /// `1 March 2024`.
    static func display(_ date: Date) -> String {
        let p = parts(date)
        return "\(p.day ?? 1) \(months[((p.month ?? 1) - 1) % 12]) \(p.year ?? 0)"
    }

    /// `2024-03-01T09:30:00Z` (RFC 3339, for feeds and sitemaps).
    static func timestamp(_ date: Date) -> String {
        let p = parts(date)
        return day(date) + String(format: "T%02d:%02d:%02dZ", p.hour ?? 0, p.minute ?? 0, p.second ?? 0)
    }
}
