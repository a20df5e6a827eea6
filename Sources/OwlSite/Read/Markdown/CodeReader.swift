/// Reads the code of one block for a ``CodeHighlighter``, token by token, and writes its
/// HTML: each token at ``index`` is found by the functions of the extensions (comments and
/// literals, names, markup), which say where it ends, and emitted in its span.
struct CodeReader {
    /// The code's UTF-8.
    let bytes: [UInt8]
    let highlighter: CodeHighlighter
    var language: CodeLanguage { highlighter.language }
    /// Where the next token starts.
    var index = 0
    /// The HTML so far.
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

    /// Reads the whole code: its HTML.
    mutating func html() -> String {
        code()
        return String(decoding: output, as: UTF8.self)
    }

    /// Reads tokens to the end; or, for an interpolation, up to the bracket `closer` that
    /// ends it (left unread) or, when `endsWithLine`, the line's end.
    mutating func code(closingAt closer: UInt8? = nil, endsWithLine: Bool = false) {
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

    mutating func emit(_ kind: CodeHighlighter.Kind, _ range: Range<Int>) {
        index = range.upperBound
        guard !range.isEmpty else { return }
        output.append(#"<span class="hl-"#)
        output.append(utf8Of: kind.rawValue)
        output.append(#"">"#)
        escape(range)
        output.append("</span>")
    }

    /// Appends the bytes of `range`, with `&`, `<`, `>` and `"` escaped as cmark-gfm does.
    mutating func escape(_ range: Range<Int>) {
        for byte in bytes[range] {
            switch byte {
            case UInt8(ascii: "&"): output.append("&amp;")
            case UInt8(ascii: "<"): output.append("&lt;")
            case UInt8(ascii: ">"): output.append("&gt;")
            case UInt8(ascii: "\""): output.append("&quot;")
            default: output.append(byte)
            }
        }
    }

    func starts(with marker: [UInt8], at position: Int) -> Bool {
        position + marker.count <= bytes.count && bytes[position..<(position + marker.count)].elementsEqual(marker)
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    /// Letters, `_`, and any byte of a character beyond ASCII.
    func isWordStart(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }
    func isWordByte(_ byte: UInt8) -> Bool { isWordStart(byte) || isDigit(byte) }
}
