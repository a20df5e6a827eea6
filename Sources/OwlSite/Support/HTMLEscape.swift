/// Escaping text for HTML, XML and attribute values.
enum HTMLEscape {
    /// `&`, `<`, `>` and `"` escaped: safe in text and in double-quoted attributes.
    static func text(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return value }
        var result = ""
        result.reserveCapacity(value.utf8.count + 16)
        for character in value.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// The same escaping, for attribute values.
    static func attribute(_ value: String) -> String { text(value) }
}
