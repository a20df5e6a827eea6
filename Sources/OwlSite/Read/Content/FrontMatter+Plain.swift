import Foundation

extension FrontMatter {
    /// Part of a front matter's bytes.
    private typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    /// The fields of `yaml` (starting on file line 2) when every line is a flat
    /// `key: value` pair whose value this reader types exactly as Yams does: a quoted
    /// ASCII string without escapes, `true`/`false`, a whole number, a `YYYY-MM-DD` day,
    /// plain words, or a one-line `[a, b]` list of those words or quoted strings.
    /// Nil for anything else, which Yams then reads.
    static func plainFields(_ yaml: String, file: String) -> [FrontMatterField]? {
        // Read from the bytes in place: through `String.UTF8View` each byte cost an index
        // step, and the reader took some 40,000 instructions for a front matter of five lines.
        var text = yaml
        return text.withUTF8 { bytes -> [FrontMatterField]? in
            var fields: [FrontMatterField] = []
            // A key twice is looked for among the few fields so far, by a set (made at the
            // 16th) once there are many: a set for every item's four or five keys took 1,300
            // instructions a key.
            var keys = Set<String>()
            var lineStart = 0, lineNumber = 2
            while let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = bytes[lineStart..<lineEnd]
                guard let separator = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
                let key = line[..<separator], rest = line[(separator + 1)...]
                guard isKey(key), rest.first == UInt8(ascii: " "), let value = plainValue(rest.dropFirst()) else { return nil }
                let name = String(decoding: key, as: UTF8.self)
                if fields.count < 16 {
                    if fields.contains(where: { $0.key == name }) { return nil }
                } else {
                    if fields.count == 16 { keys = Set(fields.map(\.key)) }
                    guard keys.insert(name).inserted else { return nil }
                }
                fields.append(FrontMatterField(key: name, line: lineNumber, file: file, plain: value, yaml: yaml, index: fields.count))
                lineStart = lineEnd + 1
                lineNumber += 1
            }
            return lineStart == bytes.count ? fields : nil  // the last line ends with a newline, or there is none
        }
    }

    private static func isKey(_ key: Bytes) -> Bool {
        guard let first = key.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return key.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    private static func plainValue(_ text: Bytes) -> FrontMatterField.PlainValue? {
        guard let first = text.first else { return nil }
        if first == UInt8(ascii: "[") {
            guard text.last == UInt8(ascii: "]") else { return nil }
            let inner = text.dropFirst().dropLast()
            if inner.isEmpty { return .list([]) }
            var items: [String] = []
            for (position, piece) in inner.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).enumerated() {
                guard position == 0 || piece.first == UInt8(ascii: " ") else { return nil }
                let item = position == 0 ? piece : piece.dropFirst()
                if let quoted = quoted(item) {
                    items.append(quoted)
                } else if isWord(item, allowing: []) {
                    items.append(String(decoding: item, as: UTF8.self))
                } else {
                    return nil
                }
            }
            return .list(items)
        }
        if let quoted = quoted(text) { return .scalar(quoted, .text) }
        let string = String(decoding: text, as: UTF8.self)
        if string == "true" || string == "false" { return .scalar(string, .flag(string == "true")) }
        if let number = wholeNumber(text) { return .scalar(string, .number(number)) }
        if let date = day(text) { return .scalar(string, .day(date)) }
        if isWord(text, allowing: sentencePunctuation) { return .scalar(string, .text) }
        return nil
    }

    /// The inside of `"…"` or `'…'` holding printable ASCII without quotes or backslashes.
    private static func quoted(_ text: Bytes) -> String? {
        guard let quote = text.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"),
              text.count >= 2, text.last == quote else { return nil }
        let inner = text.dropFirst().dropLast()
        guard inner.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "'") && $0 != UInt8(ascii: "\\") })
        else { return nil }
        return String(decoding: inner, as: UTF8.self)
    }

    /// What a plain scalar may hold besides a word's bytes.
    private static let sentencePunctuation: [UInt8] = [UInt8(ascii: " "), UInt8(ascii: "."), UInt8(ascii: ",")]

    /// Words YAML 1.1 reads as booleans or null rather than text.
    private static let reservedWords: Set<String> = [
        "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE",
        "on", "On", "ON", "off", "Off", "OFF", "null", "Null", "NULL",
    ]

    /// The length of the longest reserved word: text longer than it is none of them.
    private static let longestReservedWord = reservedWords.map(\.utf8.count).max() ?? 0

    /// Text starting with a letter, of letters, digits, `-`, `_` and `extra` bytes (never two
    /// spaces in a row nor a space at the end), that is not a reserved word: YAML's `str`.
    private static func isWord(_ text: Bytes, allowing extra: [UInt8]) -> Bool {
        guard let first = text.first, isLetter(first), text.last != UInt8(ascii: " ") else { return false }
        var previous: UInt8 = 0
        for byte in text {
            guard isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || extra.contains(byte),
                  !(byte == UInt8(ascii: " ") && previous == UInt8(ascii: " ")) else { return false }
            previous = byte
        }
        return text.count > longestReservedWord || !reservedWords.contains(String(decoding: text, as: UTF8.self))
    }

    /// `0` or a number without a leading zero, of at most 18 digits.
    private static func wholeNumber(_ text: Bytes) -> Int? {
        guard (1...18).contains(text.count), text.allSatisfy(isDigit), text.first != UInt8(ascii: "0") || text.count == 1 else { return nil }
        return text.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// Midnight UTC of a valid `YYYY-MM-DD` day from 1900 to 9999.
    private static func day(_ text: Bytes) -> Date? {
        let bytes = Array(text)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            bytes[range].allSatisfy(isDigit) ? bytes[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } : nil
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              year >= 1900, (1...12).contains(month), day >= 1, day <= DateText.days(inMonth: month, of: year) else { return nil }
        return DateText.midnight(year: year, month: month, day: day)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
