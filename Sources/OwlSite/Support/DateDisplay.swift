import Foundation

/// How pages show a date (`dateDisplay`): `1 March 2024` in the default language, `en`;
/// in any other, that language's long date as ICU writes it (`1. März 2024` for `de`,
/// `March 1, 2024` for `en-US`, `2024年3月1日` for `ja`). Always in UTC, as every date
/// of the site.
struct DateDisplay: Sendable {
    /// The language's long date, or nil for the default language.
    private let style: Date.FormatStyle?

    /// Dates in `language`, a language tag.
    init(language: String) {
        guard language != SiteConfig.defaultLanguage else {
            style = nil
            return
        }
        let utc = TimeZone(identifier: "UTC")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        style = Date.FormatStyle(date: .long, time: .omitted, locale: Locale(identifier: language), calendar: calendar, timeZone: utc)
    }

    /// `date` as pages show it.
    func text(_ date: Date) -> String {
        guard let style else { return DateText.display(date) }
        return date.formatted(style)
    }
}
