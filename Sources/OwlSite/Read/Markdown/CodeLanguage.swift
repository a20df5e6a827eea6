/// How ``CodeHighlighter`` reads one programming language: its keywords, comments and
/// strings. A fenced code block names its language in its info string (` ```swift `).
struct CodeLanguage: Sendable {
    /// A kind of string literal.
    struct StringKind: Sendable {
        /// What opens and closes it (`"`, `'''`).
        var delimiter: String
        /// Whether it may run over several lines; one that may not ends at the line's end.
        var multiline = false
        /// Whether a backslash escapes the next character.
        var escapes = true
        /// Whether it holds one character at most (`'a'`, `'\n'`): a `'` followed by more is
        /// no string (a Rust lifetime, `'a`).
        var character = false
        /// What opens code within it (`\(` in Swift, `${` in a JavaScript template), which
        /// runs to the bracket that matches the opener's last character.
        var interpolations: [String] = []
        /// Whether `$NAME`, `$1` and `${NAME}` within it are variables (a shell's double quotes).
        var variables = false
    }

    /// The info-string names (lowercase) that choose the language.
    var names: [String]
    var keywords: Set<String>
    /// What starts a comment that runs to the line's end. One starting with `#` counts only
    /// at a line's or a word's start (`$#` in a shell script is no comment).
    var lineComments: [String] = []
    /// What opens and closes a comment that may span lines, and whether such comments nest.
    var blockComment: (open: String, close: String, nests: Bool)?
    /// String kinds, longest delimiter first.
    var strings: [StringKind] = []
    /// Characters that start an attribute or directive with the word after them (`@main`, `#if`).
    var attributePrefixes: Set<UInt8> = []
    /// Whether a word starting with a capital letter names a type.
    var capitalizedTypes = false
    /// Whether `$NAME` and `${…}` are variables (shell).
    var dollarVariables = false
    /// Whether a `/` where a value may start opens a regular expression literal (`/a+/g`),
    /// as in JavaScript.
    var regularExpressions = false
    /// Whether a line's `key:` (after its indentation and any `- `) names a mapping's key, as
    /// in YAML (or a property, as in CSS).
    var mappingKeys = false
    /// Whether keywords are found whatever their case (`SELECT`, `select`), as in SQL.
    var caseInsensitiveKeywords = false
    /// Whether the code is markup (HTML, XML): text, comments and tags, whose names are
    /// keywords, attributes' names attributes and values strings; `{{…}}` (Mustache) are variables.
    var markup = false

    /// The name a code block's info string gives its language: its first word, in lowercase.
    static func name(inInfo info: String) -> String {
        info.prefix { $0 != " " && $0 != "\t" && $0 != "{" }.lowercased()
    }

    private static let cStrings = [StringKind(delimiter: "\""), StringKind(delimiter: "'", character: true)]

    static let all: [CodeLanguage] = [
        CodeLanguage(
            names: ["swift"],
            keywords: words("""
                actor any as associatedtype async await break case catch class continue convenience default defer deinit \
                didSet do dynamic else enum extension fallthrough false fileprivate final for func get guard if import in \
                indirect infix init inout internal is isolated lazy let mutating nil nonisolated nonmutating open operator \
                optional override package postfix precedencegroup prefix private protocol public repeat required rethrows \
                return self Self set some static struct subscript super switch throw throws true try typealias unowned var \
                weak where while willSet consuming borrowing sending
                """),
            lineComments: ["//"], blockComment: ("/*", "*/", true),
            strings: [StringKind(delimiter: "\"\"\"", multiline: true, interpolations: ["\\("]), StringKind(delimiter: "\"", interpolations: ["\\("])],
            attributePrefixes: [UInt8(ascii: "@"), UInt8(ascii: "#")], capitalizedTypes: true
        ),
        CodeLanguage(
            names: ["javascript", "js", "jsx", "mjs", "typescript", "ts", "tsx"],
            keywords: words("""
                abstract as async await break case catch class const continue debugger declare default delete do else enum \
                export extends false finally for from function get if implements import in instanceof interface keyof let \
                new null of private protected public readonly return set static super switch this throw true try type \
                typeof undefined var void while with yield
                """),
            lineComments: ["//"], blockComment: ("/*", "*/", false),
            strings: [StringKind(delimiter: "`", multiline: true, interpolations: ["${"]), StringKind(delimiter: "\""), StringKind(delimiter: "'")],
            attributePrefixes: [UInt8(ascii: "@")], capitalizedTypes: true, regularExpressions: true
        ),
        CodeLanguage(
            names: ["json", "jsonc"],
            keywords: words("true false null"),
            lineComments: ["//"], blockComment: ("/*", "*/", false),
            strings: [StringKind(delimiter: "\"")]
        ),
        CodeLanguage(
            names: ["python", "py"],
            keywords: words("""
                and as assert async await break class continue def del elif else except False finally for from global if \
                import in is lambda None nonlocal not or pass raise return True try while with yield match case self
                """),
            lineComments: ["#"],
            strings: [StringKind(delimiter: "\"\"\"", multiline: true), StringKind(delimiter: "'''", multiline: true),
                      StringKind(delimiter: "\""), StringKind(delimiter: "'")],
            attributePrefixes: [UInt8(ascii: "@")], capitalizedTypes: true
        ),
        CodeLanguage(
            names: ["sh", "shell", "bash", "zsh", "console"],
            keywords: words("""
                case do done elif else esac export fi for function if in local readonly return select then until while \
                break continue exit set unset shift source
                """),
            lineComments: ["#"],
            strings: [StringKind(delimiter: "\"", multiline: true, interpolations: ["$("], variables: true),
                      StringKind(delimiter: "'", multiline: true, escapes: false)],
            dollarVariables: true
        ),
        CodeLanguage(
            names: ["c", "h", "cpp", "c++", "cc", "hpp", "objc", "objective-c", "objectivec"],
            keywords: words("""
                auto bool break case catch char class const constexpr continue default delete do double else enum explicit \
                extern false float for friend goto if inline int long namespace new noexcept nullptr operator private \
                protected public register return short signed sizeof static struct switch template this throw true try \
                typedef typename union unsigned using virtual void volatile while NULL nil YES NO self super id \
                interface implementation end property
                """),
            lineComments: ["//"], blockComment: ("/*", "*/", false), strings: cStrings,
            attributePrefixes: [UInt8(ascii: "#"), UInt8(ascii: "@")]
        ),
        CodeLanguage(
            names: ["java", "kotlin", "kt", "kts"],
            keywords: words("""
                abstract as boolean break byte case catch char class companion const continue data default do double else \
                enum extends false final finally float for fun if implements import in instanceof int interface internal \
                is long native new null object open override package private protected public return sealed short static \
                super switch synchronized this throw throws true try val var void when while
                """),
            lineComments: ["//"], blockComment: ("/*", "*/", false),
            strings: [StringKind(delimiter: "\"\"\"", multiline: true, interpolations: ["${"]), StringKind(delimiter: "\"", interpolations: ["${"]),
                      StringKind(delimiter: "'", character: true)],
            attributePrefixes: [UInt8(ascii: "@")], capitalizedTypes: true
        ),
        CodeLanguage(
            names: ["go", "golang"],
            keywords: words("""
                break case chan const continue default defer else fallthrough false for func go goto if import interface \
                iota map nil package range return select struct switch true type var
                """),
            lineComments: ["//"], blockComment: ("/*", "*/", false),
            strings: [StringKind(delimiter: "`", multiline: true, escapes: false)] + cStrings
        ),
        CodeLanguage(
            names: ["rust", "rs"],
            keywords: words("""
                as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod \
                move mut pub ref return self Self static struct super trait true type unsafe use where while
                """),
            lineComments: ["//"], blockComment: ("/*", "*/", true), strings: cStrings,
            attributePrefixes: [UInt8(ascii: "#")], capitalizedTypes: true
        ),
        CodeLanguage(
            names: ["html", "xhtml", "xml", "svg", "mustache", "handlebars", "hbs"],
            keywords: [],
            blockComment: ("<!--", "-->", false),
            markup: true
        ),
        CodeLanguage(
            names: ["css", "scss", "less"],
            keywords: words("important inherit initial unset auto none"),
            blockComment: ("/*", "*/", false),
            strings: [StringKind(delimiter: "\""), StringKind(delimiter: "'")],
            attributePrefixes: [UInt8(ascii: "@")], mappingKeys: true
        ),
        CodeLanguage(
            names: ["sql", "mysql", "postgresql", "psql", "sqlite"],
            keywords: words("""
                add all alter and as asc begin between by case check column commit constraint create cross default delete \
                desc distinct drop else end exists foreign from full group having if in index inner insert into is join key \
                left like limit not null offset on or order outer primary references returning right rollback select set \
                table then transaction union unique update using values view when where with true false
                """),
            lineComments: ["--"], blockComment: ("/*", "*/", false),
            strings: [StringKind(delimiter: "'", escapes: false), StringKind(delimiter: "\"", escapes: false)],
            caseInsensitiveKeywords: true
        ),
        CodeLanguage(
            names: ["ruby", "rb"],
            keywords: words("""
                alias and begin BEGIN break case class def defined do else elsif end END ensure false for if in module next \
                nil not or redo rescue retry return self super then true undef unless until when while yield require \
                require_relative attr_accessor attr_reader attr_writer private protected public
                """),
            lineComments: ["#"],
            strings: [StringKind(delimiter: "\"", multiline: true, interpolations: ["#{"]), StringKind(delimiter: "'", multiline: true)],
            attributePrefixes: [UInt8(ascii: "@")], capitalizedTypes: true
        ),
        CodeLanguage(
            names: ["yaml", "yml"],
            keywords: words("true false null yes no on off"),
            lineComments: ["#"],
            strings: [StringKind(delimiter: "\""), StringKind(delimiter: "'", escapes: false)],
            mappingKeys: true
        ),
    ]

    private static func words(_ text: String) -> Set<String> {
        Set(text.split(whereSeparator: \.isWhitespace).map(String.init))
    }
}
