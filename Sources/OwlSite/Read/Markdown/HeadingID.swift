/// The id GitHub gives a heading, which most Markdown writers link to: its text in lower
/// case, without punctuation and symbols, each space a hyphen (`What's in 1.94.1` →
/// `whats-in-1941`); letters, digits, `-` and `_` of every script are kept.
enum HeadingID {
    /// The id of a heading whose plain text is `text` (empty for a heading of punctuation).
    static func github(_ text: String) -> String {
        text.isASCII ? githubASCII(text) : githubScalars(text)
    }

    /// ``github(_:)`` of any text, scalar by scalar with their Unicode properties.
    static func githubScalars(_ text: String) -> String {
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

    /// ``github(_:)`` of an ASCII text, byte by byte. The only ASCII letters are `A`–`Z` and
    /// `a`–`z`, the only numbers `0`–`9`, and ASCII has no marks, so this is the same id; a
    /// cold build of 10,000 posts spent 3% of its CPU looking up the Unicode properties of
    /// ASCII headings.
    ///
    /// The text's bytes are read in its own buffer and the id written in place: through the
    /// `utf8` view and an array, each byte took some 70 instructions.
    static func githubASCII(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: bytes.count) { id in
                var count = 0
                for byte in bytes {
                    switch byte {
                    case UInt8(ascii: "A")...UInt8(ascii: "Z"): id[count] = byte + 32
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): id[count] = byte
                    case UInt8(ascii: " "): id[count] = UInt8(ascii: "-")
                    default: continue
                    }
                    count += 1
                }
                return count
            }
        }
    }

    /// `text` without the spaces and tabs at either end: what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` leaves (its set is the tab, the space
    /// separators `Zs`, and the zero-width space), without bridging to `NSString`, which took
    /// a cold build 4% of its CPU.
    static func trimmingWhitespace(_ text: String) -> Substring {
        func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t"
                || (scalar.value >= 0x80 && (scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator))
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
              let last = scalars.lastIndex(where: { !isWhitespace($0) }) else { return "" }
        return Substring(scalars[first...last])
    }
}
