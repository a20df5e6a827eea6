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
        /// How many interpolations the reader is in.
        var nesting = 0
        /// How deep interpolations may nest before their openers count as text: each level
        /// takes the reader's functions one level deeper on the stack.
        static let nestingLimit = 16

        init(bytes: [UInt8], highlighter: CodeHighlighter) {
            self.bytes = bytes
            self.highlighter = highlighter
            output.reserveCapacity(bytes.count * 2)
        }

        mutating func html() -> String {
            code()
            return String(decoding: output, as: UTF8.self)
        }

        /// Reads tokens to the end; or, for an interpolation, up to the bracket `closer` that
        /// ends it (left unread) or, when `endsWithLine`, the line's end.
        private mutating func code(closingAt closer: UInt8? = nil, endsWithLine: Bool = false) {
            let opener = closer == UInt8(ascii: ")") ? UInt8(ascii: "(") : UInt8(ascii: "{")
            var depth = 0
            while index < bytes.count {
                let start = index, byte = bytes[index]
                if let closer {
                    if byte == closer {
                        if depth == 0 { return }
                        depth -= 1
                    } else if byte == opener {
                        depth += 1
                    } else if byte == UInt8(ascii: "\n"), endsWithLine {
                        return
                    }
                }
                if language.markup {
                    markup()
                } else if let end = blockCommentEnd() ?? lineCommentEnd() {
                    emit(.comment, start..<end)
                } else if let string = stringKind() {
                    self.string(string.kind, delimiter: string.delimiter)
                } else if let end = regularExpressionEnd() {
                    emit(.string, start..<end)
                } else if let end = variableEnd(at: index) {
                    emit(.variable, start..<end)
                } else if let end = attributeEnd() {
                    emit(.attribute, start..<end)
                } else if let end = mappingKeyEnd() {
                    emit(.attribute, start..<end)
                } else if isDigit(byte), start == 0 || !isWordByte(bytes[start - 1]) {
                    emit(.number, start..<numberEnd())
                } else if isWordStart(byte) {
                    word()
                } else {
                    escape(index..<(index + 1))
                    index += 1
                }
            }
        }

        /// Reads markup at `index`: a comment, a tag, a Mustache tag, or a character of text.
        private mutating func markup() {
            let start = index
            if let end = blockCommentEnd() {
                emit(.comment, start..<end)
            } else if starts(with: Self.mustacheOpen, at: index) {
                let close = bytes[index...].firstRange(of: Self.mustacheClose).map(\.upperBound)
                emit(.variable, start..<(close ?? bytes.count))
            } else if !tag() {
                escape(index..<(index + 1))
                index += 1
            }
        }

        private static let mustacheOpen = Array("{{".utf8), mustacheClose = Array("}}".utf8)

        /// Colours the tag at `index` (`<a href="x">`, `</a>`, `<!DOCTYPE html>`): its name as a
        /// keyword, its attributes' names as attributes and their quoted values as strings.
        /// False where a `<` opens no tag (`a < b`).
        private mutating func tag() -> Bool {
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count else { return false }
            var nameStart = index + 1
            if "/!?".utf8.contains(bytes[nameStart]) { nameStart += 1 }
            guard nameStart < bytes.count, isWordStart(bytes[nameStart]) else { return false }
            escape(index..<nameStart)
            emit(.keyword, nameStart..<nameEnd(from: nameStart))
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "<") {
                    break  // unclosed: the next tag starts
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    let end = bytes[(index + 1)...].firstIndex(of: byte).map { $0 + 1 } ?? bytes.count
                    emit(.string, index..<end)
                } else if isWordStart(byte) {
                    emit(.attribute, index..<nameEnd(from: index))
                } else {
                    escape(index..<(index + 1))
                    index += 1
                    if byte == UInt8(ascii: ">") { break }
                }
            }
            return true
        }

        /// The end of a tag's or attribute's name starting at `start`: letters, digits, `-`, `:`, `.` and `_`.
        private func nameEnd(from start: Int) -> Int {
            var position = start
            while position < bytes.count, isWordByte(bytes[position]) || "-:.".utf8.contains(bytes[position]) { position += 1 }
            return position
        }

        /// Colours a word: a keyword (unless it follows a `.`, as a member's name), a type, or plain.
        private mutating func word() {
            let start = index
            while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            let isMember = start > 0 && bytes[start - 1] == UInt8(ascii: ".")
            if language.keywords.contains(language.caseInsensitiveKeywords ? text.lowercased() : text), !isMember {
                emit(.keyword, start..<index)
            } else if language.capitalizedTypes, bytes[start] >= UInt8(ascii: "A"), bytes[start] <= UInt8(ascii: "Z") {
                emit(.type, start..<index)
            } else {
                escape(start..<index)
            }
        }

        private mutating func emit(_ kind: Kind, _ range: Range<Int>) {
            index = range.upperBound
            guard !range.isEmpty else { return }
            output.append(contentsOf: #"<span class="hl-"#.utf8)
            output.append(contentsOf: kind.rawValue.utf8)
            output.append(contentsOf: #"">"#.utf8)
            escape(range)
            output.append(contentsOf: "</span>".utf8)
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

        /// The kind of string literal that opens at `index`, if one does.
        private func stringKind() -> (kind: CodeLanguage.StringKind, delimiter: [UInt8])? {
            for (kind, delimiter) in zip(language.strings, highlighter.delimiters) where starts(with: delimiter, at: index) {
                if kind.character, characterEnd() == nil { return nil }
                return (kind, delimiter)
            }
            return nil
        }

        /// Colours the string literal of `kind` at `index`: the code of its interpolations as
        /// code, and its variables as variables.
        private mutating func string(_ kind: CodeLanguage.StringKind, delimiter: [UInt8]) {
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

        /// The end of `$NAME`, `$1`, `$?` or `${…}` at `start`, in a language with such variables.
        private func variableEnd(at start: Int) -> Int? {
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

        /// The end of a regular expression literal (`/a+b/g`) at `index`, where the language
        /// has them: a `/` where a value may start (not after a name, a number, a literal or a
        /// closing bracket, but after `return` and the like), up to the next `/` on the line
        /// outside a character class (within ``longestRegularExpression`` bytes), followed by
        /// what may follow a value.
        private func regularExpressionEnd() -> Int? {
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

        /// The end of a mapping's key at `index`, in a language with them (YAML, or CSS's
        /// properties): the text up to a `:` followed by a space or the line's end, without
        /// brackets, `;` or `,`, where a line's content starts (after its indentation and any `- `).
        private func mappingKeyEnd() -> Int? {
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
        private func attributeEnd() -> Int? {
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
