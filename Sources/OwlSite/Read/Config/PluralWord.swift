import Foundation

/// A word that changes with a number, such as a list's count ("1 post", "3 posts"): one text
/// per plural category of the site's language (`zero`, `one`, `two`, `few`, `many`, `other`,
/// the categories of Unicode CLDR), each with a `{count}` placeholder for the number.
struct PluralWord: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The text of each category; `other` is always there.
    var forms: [String: String]

    /// The plural categories CLDR names, in its order.
    static let categories = ["zero", "one", "two", "few", "many", "other"]

    /// The forms in CLDR's order, the same in every run (a page's key holds it).
    var description: String {
        Self.categories.compactMap { category in forms[category].map { "\(category): \($0)" } }.joined(separator: "|")
    }

    var debugDescription: String { description }

    /// A word with `one` for a count of one and `other` for every other count.
    init(one: String, other: String) {
        forms = ["one": one, "other": other]
    }

    /// A word with the texts of `forms`, which must hold `other`.
    init(forms: [String: String]) {
        precondition(forms["other"] != nil, "a plural word needs its 'other' form")
        self.forms = forms
    }

    /// The text for `count` in `language`: its category's form (the `other` form when the word
    /// has none for that category), with `{count}` filled in.
    func text(count: Int, language: String) -> String {
        let category = Self.category(of: count, language: language)
        let form = forms[category] ?? forms["other"] ?? ""
        return form.replacingOccurrences(of: "{count}", with: String(count))
    }

    /// CLDR's plural category of the whole number `count` in `language` (a language tag; its
    /// first part decides), for the languages whose rules differ from English's; every other
    /// language is taken to count as English does ("one" for 1, "other" for the rest).
    static func category(of count: Int, language: String) -> String {
        let code = language.split(separator: "-").first.map { $0.lowercased() } ?? ""
        let n = abs(count), lastDigit = n % 10, lastTwo = n % 100
        switch code {
        case "ja", "zh", "ko", "th", "vi", "id", "ms", "lo", "my", "km":
            return "other"
        case "fr", "pt", "hi", "bn", "fa", "am", "zu":
            return n <= 1 ? "one" : "other"
        case "ru", "uk", "be":
            if lastDigit == 1 && lastTwo != 11 { return "one" }
            if (2...4).contains(lastDigit) && !(12...14).contains(lastTwo) { return "few" }
            return "many"
        case "pl":
            if n == 1 { return "one" }
            if (2...4).contains(lastDigit) && !(12...14).contains(lastTwo) { return "few" }
            return "many"
        case "cs", "sk":
            if n == 1 { return "one" }
            return (2...4).contains(n) ? "few" : "other"
        case "ar":
            switch n {
            case 0: return "zero"
            case 1: return "one"
            case 2: return "two"
            default: return (3...10).contains(lastTwo) ? "few" : (11...99).contains(lastTwo) ? "many" : "other"
            }
        default:
            return n == 1 ? "one" : "other"
        }
    }
}
