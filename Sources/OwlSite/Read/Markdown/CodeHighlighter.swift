/// Marks up the code of a fenced block for a stylesheet to colour: keywords, types, strings,
/// numbers, comments, attributes and variables each in a `<span class="hl-KIND">`, the rest
/// as it is; everything escaped for HTML. It reads the code as a lexer would, without parsing
/// it, so that any text, valid code or not, comes out whole. One is made for each language,
/// once, and shared.
final class CodeHighlighter: Sendable {
    let language: CodeLanguage
    /// The language's string delimiters and comment markers, as bytes.
    let delimiters: [[UInt8]]
    let lineComments: [[UInt8]]
    let blockComment: (open: [UInt8], close: [UInt8], nests: Bool)?

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
        var reader = CodeReader(bytes: Array(code.utf8), highlighter: self)
        return reader.html()
    }
}
