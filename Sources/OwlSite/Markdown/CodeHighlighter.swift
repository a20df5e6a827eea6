/// Marks up the code of a fenced block for a stylesheet to colour: keywords, types, strings,
/// numbers, comments, attributes and variables each in a `<span class="hl-KIND">`, the rest
/// as it is; everything escaped for HTML. It reads the code as a lexer would, without parsing
/// it, so that any text, valid code or not, comes out whole. One is made for each language,
/// once, and shared.
final class CodeHighlighter: Sendable {
    let language: CodeLanguage
    /// The language's string delimiters and comment markers, as bytes.
    private let delimiters: [[UInt8]]
    private let lineComments: [[UInt8]]
    private let blockComment: (open: [UInt8], close: [UInt8], nests: Bool)?

    /// The classes of the spans, which the theme's stylesheet colours.
    enum Kind: String {
        case keyword, type, string, number, comment, attribute, variable
    }

    init(language: CodeLanguage) {
        self.language = language
        delimiters = language.strings.map { Array($0.delimiter.utf8) }
        lineComments = language.lineComments.map { Array($0.utf8) }
        blockComment = language.blockComment.map { (Array($0.open.utf8), Array($0.close.utf8), $0.nests) }
    }

    /// The highlighter of the language a code block's info string names, if owl-site knows it.
    static func named(_ info: String) -> CodeHighlighter? {
        highlighters[CodeLanguage.name(inInfo: info)]
    }

    private static let highlighters: [String: CodeHighlighter] = Dictionary(uniqueKeysWithValues: CodeLanguage.all.flatMap { language in
        let highlighter = CodeHighlighter(language: language)
        return language.names.map { ($0, highlighter) }
    })

    /// The HTML of `code`: the same text, escaped, with the spans around its tokens.
    func html(_ code: String) -> String {
        var reader = Reader(bytes: Array(code.utf8), highlighter: self)
        return reader.html()
    }

    private struct Reader {
        let bytes: [UInt8]
        let highlighter: CodeHighlighter
        var language: CodeLanguage { highlighter.language }
        var index = 0
        var output: [UInt8] = []

        init(bytes: [UInt8], highlighter: CodeHighlighter) {
            self.bytes = bytes
            self.highlighter = highlighter
            output.reserveCapacity(bytes.count * 2)
        }

        mutating func html() -> String {
            while index < bytes.count {
                let start = index
                if let end = blockCommentEnd() ?? lineCommentEnd() {
                    emit(.comment, start..<end)
                } else if let end = stringEnd() {
                    emit(.string, start..<end)
                } else if let end = variableEnd() {
                    emit(.variable, start..<end)
                } else if let end = attributeEnd() {
                    emit(.attribute, start..<end)
                } else if isDigit(bytes[index]), start == 0 || !isWordByte(bytes[start - 1]) {
                    emit(.number, start..<numberEnd())
                } else if isWordStart(bytes[index]) {
                    word()
                } else {
                    escape(index..<(index + 1))
                    index += 1
                }
            }
            return String(decoding: output, as: UTF8.self)
        }

        /// Colours a word: a keyword (unless it follows a `.`, as a member's name), a type, or plain.
        private mutating func word() {
            let start = index
            while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            let isMember = start > 0 && bytes[start - 1] == UInt8(ascii: ".")
            if language.keywords.contains(text), !isMember {
                emit(.keyword, start..<index)
            } else if language.capitalizedTypes, bytes[start] >= UInt8(ascii: "A"), bytes[start] <= UInt8(ascii: "Z") {
                emit(.type, start..<index)
            } else {
                escape(start..<index)
            }
        }

        private mutating func emit(_ kind: Kind, _ range: Range<Int>) {
            output.append(contentsOf: #"<span class="hl-"#.utf8)
            output.append(contentsOf: kind.rawValue.utf8)
            output.append(contentsOf: #"">"#.utf8)
            escape(range)
            output.append(contentsOf: "</span>".utf8)
            index = range.upperBound
        }

        /// Appends the bytes of `range`, with `&`, `<`, `>` and `"` escaped as cmark-gfm does.
        private mutating func escape(_ range: Range<Int>) {
            for byte in bytes[range] {
                switch byte {
                case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
                default: output.append(byte)
                }
            }
        }

        private func starts(with marker: [UInt8], at position: Int) -> Bool {
            position + marker.count <= bytes.count && bytes[position..<(position + marker.count)].elementsEqual(marker)
        }

        private func blockCommentEnd() -> Int? {
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

        private func lineCommentEnd() -> Int? {
            guard let marker = highlighter.lineComments.first(where: { starts(with: $0, at: index) }) else { return nil }
            // `#` starts a comment only where a word may start: `$#` and `a#b` are no comments.
            if marker.first == UInt8(ascii: "#"), index > 0, !isSpace(bytes[index - 1]) { return nil }
            return bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        }

        private func stringEnd() -> Int? {
            for (kind, delimiter) in zip(language.strings, highlighter.delimiters) where starts(with: delimiter, at: index) {
                if kind.character { return characterEnd() }
                var position = index + delimiter.count
                while position < bytes.count {
                    let byte = bytes[position]
                    if kind.escapes, byte == UInt8(ascii: "\\") {
                        position += 2
                    } else if starts(with: delimiter, at: position) {
                        return position + delimiter.count
                    } else if byte == UInt8(ascii: "\n"), !kind.multiline {
                        return position
                    } else {
                        position += 1
                    }
                }
                return bytes.count
            }
            return nil
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

        /// `$NAME`, `$1`, `$?` or `${…}`, in a language with such variables.
        private func variableEnd() -> Int? {
            guard language.dollarVariables, bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count else { return nil }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "{") {
                return bytes[index...].firstIndex(of: UInt8(ascii: "}")).map { $0 + 1 } ?? bytes.count
            }
            if isWordStart(next) {
                var position = index + 1
                while position < bytes.count, isWordByte(bytes[position]) { position += 1 }
                return position
            }
            return "0123456789@?#*$!-".utf8.contains(next) ? index + 2 : nil
        }

        /// `@name`, `#name`, or `#[…]` (to the `]` on its line), where the language has such attributes.
        private func attributeEnd() -> Int? {
            let prefix = bytes[index]
            guard language.attributePrefixes.contains(prefix), index + 1 < bytes.count else { return nil }
            if prefix == UInt8(ascii: "#"), bytes[index + 1] == UInt8(ascii: "[") || bytes[index + 1] == UInt8(ascii: "!") {
                let line = bytes[index...].prefix { $0 != UInt8(ascii: "\n") }
                return line.firstIndex(of: UInt8(ascii: "]")).map { $0 + 1 }
            }
            guard isWordStart(bytes[index + 1]) else { return nil }
            var position = index + 1
            while position < bytes.count, isWordByte(bytes[position]) { position += 1 }
            return position
        }

        private func numberEnd() -> Int {
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

        private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        /// Letters, `_`, and any byte of a character beyond ASCII.
        private func isWordStart(_ byte: UInt8) -> Bool {
            (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_") || byte >= 0x80
        }
        private func isWordByte(_ byte: UInt8) -> Bool { isWordStart(byte) || isDigit(byte) }
    }
}
