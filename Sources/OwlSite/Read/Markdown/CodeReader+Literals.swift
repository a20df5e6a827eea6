extension CodeReader {
    /// The end of a block comment at `index` (the code's end when it stays open), counting
    /// nested ones where the language nests them.
    func blockCommentEnd() -> Int? {
        guard let comment = highlighter.blockComment, starts(with: comment.open, at: index) else { return nil }
        var depth = 1, position = index + comment.open.count
        while position < bytes.count {
            if starts(with: comment.close, at: position) {
                depth -= 1
                position += comment.close.count
                if depth == 0 { return position }
            } else if comment.nests, starts(with: comment.open, at: position) {
                depth += 1
                position += comment.open.count
            } else {
                position += 1
            }
        }
        return bytes.count
    }

    /// The end of a comment at `index` that runs to the line's end.
    func lineCommentEnd() -> Int? {
        guard let marker = highlighter.lineComments.first(where: { starts(with: $0, at: index) }) else { return nil }
        // `#` starts a comment only where a word may start: `$#` and `a#b` are no comments.
        if marker.first == UInt8(ascii: "#"), index > 0, !isSpace(bytes[index - 1]) { return nil }
        return bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
    }

    /// The kind of string literal that opens at `index`, if one does.
    func stringKind() -> (kind: CodeLanguage.StringKind, delimiter: [UInt8])? {
        for (kind, delimiter) in zip(language.strings, highlighter.delimiters) where starts(with: delimiter, at: index) {
            if kind.character, characterEnd() == nil { return nil }
            return (kind, delimiter)
        }
        return nil
    }

    /// Colours the string literal of `kind` at `index`: the code of its interpolations as
    /// code, and its variables as variables.
    mutating func string(_ kind: CodeLanguage.StringKind, delimiter: [UInt8]) {
        if kind.character, let end = characterEnd() { return emit(.string, index..<end) }
        var start = index, position = index + delimiter.count
        while position < bytes.count {
            let byte = bytes[position]
            if nesting < Self.nestingLimit, let opener = kind.interpolations.first(where: { starts(with: Array($0.utf8), at: position) }) {
                let closer = opener.utf8.last == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}")
                emit(.string, start..<(position + opener.utf8.count))
                nesting += 1
                code(closingAt: closer, endsWithLine: !kind.multiline)
                nesting -= 1
                // Unclosed on its line or in the block: the string ends with the code.
                guard index < bytes.count, bytes[index] == closer else { return }
                start = index
                position = index + 1
            } else if kind.variables, byte == UInt8(ascii: "$"), let end = variableEnd(at: position) {
                emit(.string, start..<position)
                emit(.variable, position..<end)
                start = end
                position = end
            } else if kind.escapes, byte == UInt8(ascii: "\\") {
                position += 2
            } else if starts(with: delimiter, at: position) {
                return emit(.string, start..<(position + delimiter.count))
            } else if byte == UInt8(ascii: "\n"), !kind.multiline {
                return emit(.string, start..<position)
            } else {
                position += 1
            }
        }
        emit(.string, start..<bytes.count)
    }

    /// The end of a one-character literal (`'a'`, `'\n'`, `'\u{1F600}'`, `'é'`) at `index`;
    /// nil when the `'` opens none.
    private func characterEnd() -> Int? {
        let quote = bytes[index]
        var position = index + 1
        guard position < bytes.count else { return nil }
        if bytes[position] == UInt8(ascii: "\\") {
            // An escape: up to the closing quote, within a few characters on the line.
            let limit = min(bytes.count, position + 12)
            position += 2
            while position < limit, bytes[position] != quote, bytes[position] != UInt8(ascii: "\n") { position += 1 }
        } else {
            guard bytes[position] != quote, bytes[position] != UInt8(ascii: "\n") else { return nil }
            position += 1
            while position < bytes.count, bytes[position] & 0xC0 == 0x80 { position += 1 }  // the rest of its UTF-8
        }
        return position < bytes.count && bytes[position] == quote ? position + 1 : nil
    }

    /// The end of a regular expression literal (`/a+b/g`) at `index`, where the language
    /// has them: a `/` where a value may start (not after a name, a number, a literal or a
    /// closing bracket, but after `return` and the like), up to the next `/` on the line
    /// outside a character class (within ``longestRegularExpression`` bytes), followed by
    /// what may follow a value.
    func regularExpressionEnd() -> Int? {
        guard language.regularExpressions, bytes[index] == UInt8(ascii: "/") else { return nil }
        var before = index - 1
        while before >= 0, bytes[before] == UInt8(ascii: " ") || bytes[before] == UInt8(ascii: "\t") { before -= 1 }
        if before >= 0 {
            let previous = bytes[before]
            if isWordByte(previous) {
                var wordStart = before
                while wordStart > 0, isWordByte(bytes[wordStart - 1]) { wordStart -= 1 }
                let word = String(decoding: bytes[wordStart...before], as: UTF8.self)
                guard Self.wordsBeforeValues.contains(word) else { return nil }
            } else if ")]}.$\"'`".utf8.contains(previous) {
                return nil
            }
        }
        var position = index + 1, inClass = false
        let limit = min(bytes.count, index + Self.longestRegularExpression)
        while position < limit {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\n") {
                return nil
            } else if byte == UInt8(ascii: "\\") {
                position += 1
            } else if byte == UInt8(ascii: "[") {
                inClass = true
            } else if byte == UInt8(ascii: "]") {
                inClass = false
            } else if byte == UInt8(ascii: "/"), !inClass {
                break
            }
            position += 1
        }
        guard position < limit, position > index + 1 else { return nil }
        position += 1
        while position < bytes.count, isWordByte(bytes[position]) { position += 1 }  // the flags
        let end = position
        while position < bytes.count, bytes[position] == UInt8(ascii: " ") { position += 1 }
        return position == bytes.count || "\n\r,.;:)]}".utf8.contains(bytes[position]) ? end : nil
    }

    /// How far a regular expression literal is looked for: a line of many `/` that open
    /// none is then read in linear time.
    private static let longestRegularExpression = 256

    /// The words after which a `/` opens a regular expression rather than dividing.
    private static let wordsBeforeValues: Set<String> = ["return", "typeof", "case", "in", "of", "delete", "void", "throw", "new", "yield", "await", "else", "do"]

    /// The end of the number at `index`: digits, letters (`0x1F`, `1e3`, `12px`) and a `.` before a digit.
    func numberEnd() -> Int {
        var position = index
        while position < bytes.count {
            let byte = bytes[position]
            if isWordByte(byte) {
                position += 1
            } else if byte == UInt8(ascii: "."), position + 1 < bytes.count, isDigit(bytes[position + 1]) {
                position += 1
            } else {
                break
            }
        }
        return position
    }
}
