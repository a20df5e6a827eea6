extension CodeReader {
    /// The end of `$NAME`, `$1`, `$?` or `${…}` at `start`, in a language with such variables.
    func variableEnd(at start: Int) -> Int? {
        guard language.dollarVariables, bytes[start] == UInt8(ascii: "$"), start + 1 < bytes.count else { return nil }
        let next = bytes[start + 1]
        if next == UInt8(ascii: "{") {
            return bytes[start...].firstIndex(of: UInt8(ascii: "}")).map { $0 + 1 } ?? bytes.count
        }
        if isWordStart(next) {
            var position = start + 1
            while position < bytes.count, isWordByte(bytes[position]) { position += 1 }
            return position
        }
        return "0123456789@?#*$!-".utf8.contains(next) ? start + 2 : nil
    }

    /// The end of a mapping's key at `index`, in a language with them (YAML, or CSS's
    /// properties): the text up to a `:` followed by a space or the line's end, without
    /// brackets, `;` or `,`, where a line's content starts (after its indentation and any `- `).
    func mappingKeyEnd() -> Int? {
        guard language.mappingKeys, !"\"'#{[-: \t\n".utf8.contains(bytes[index]) else { return nil }
        var lineStart = index
        while lineStart > 0, bytes[lineStart - 1] == UInt8(ascii: " ") || bytes[lineStart - 1] == UInt8(ascii: "-") { lineStart -= 1 }
        guard lineStart == 0 || bytes[lineStart - 1] == UInt8(ascii: "\n"), index == lineStart || bytes[index - 1] == UInt8(ascii: " ") else { return nil }
        var position = index
        while position < bytes.count, bytes[position] != UInt8(ascii: "\n") {
            if bytes[position] == UInt8(ascii: ":") {
                let next = position + 1
                if next == bytes.count || bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\n") { return position }
            } else if bytes[position] == UInt8(ascii: "#"), bytes[position - 1] == UInt8(ascii: " ") {
                return nil  // a comment before any `: `
            } else if "{}[];,".utf8.contains(bytes[position]) {
                return nil  // a flow mapping or a rule, not a key
            }
            position += 1
        }
        return nil
    }

    /// `@name`, `#name`, or `#[…]` (to the `]`, or the end of its line), where the language has such attributes.
    func attributeEnd() -> Int? {
        let prefix = bytes[index]
        guard language.attributePrefixes.contains(prefix), index + 1 < bytes.count else { return nil }
        if prefix == UInt8(ascii: "#"), bytes[index + 1] == UInt8(ascii: "[") || bytes[index + 1] == UInt8(ascii: "!") {
            // Unclosed on its line (one written over several), it runs to the line's end.
            let line = bytes[index...].prefix { $0 != UInt8(ascii: "\n") }
            return line.firstIndex(of: UInt8(ascii: "]")).map { $0 + 1 } ?? line.endIndex
        }
        guard isWordStart(bytes[index + 1]) else { return nil }
        var position = index + 1
        while position < bytes.count, isWordByte(bytes[position]) { position += 1 }
        return position
    }
}
