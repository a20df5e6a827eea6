/// The id GitHub gives a heading, which most Markdown writers link to: its text in lower
/// case, without punctuation and symbols, each space a hyphen (`What's in 1.94.1` →
/// `whats-in-1941`); letters, digits, `-` and `_` of every script are kept.
enum HeadingID {
    /// The id of a heading whose plain text is `text` (empty for a heading of punctuation).
    static func github(_ text: String) -> String {
        var id = ""
        for scalar in text.lowercased().unicodeScalars {
            let properties = scalar.properties
            if scalar == " " {
                id.append("-")
            } else if scalar == "-" || scalar == "_" || properties.isAlphabetic || properties.numericType != nil
                        || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark {
                id.unicodeScalars.append(scalar)
            }
        }
        return id
    }
}
