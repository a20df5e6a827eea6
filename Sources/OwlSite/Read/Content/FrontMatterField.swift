import Foundation
import Yams

/// One `key: value` pair of a file's front matter: for YAML, read by the plain-line reader
/// when its value is a simple scalar or list, else by Yams (whatever the plain reader cannot
/// answer, a wrong type say, is answered by Yams on the same text, with its errors and
/// lines); for TOML and JSON, the value their parser made of it.
struct FrontMatterField {
    /// A value the plain-line reader understood, typed as Yams types it.
    enum PlainValue: Equatable {
        /// A scalar: its text and what YAML makes of it.
        case scalar(String, PlainScalar)
        /// A flow list of text items.
        case list([String])
    }

    /// The YAML type of a plain-read scalar.
    enum PlainScalar: Equatable {
        case text
        case flag(Bool)
        case number(Int)
        case day(Date)
    }

    private enum Value {
        case yaml(YAMLField)
        /// The field at `index` of the mapping in `yaml`, which Yams reads when asked.
        case plain(PlainValue, yaml: String, index: Int)
        /// A value of TOML or JSON front matter (a date as its RFC 3339 text).
        case typed(FieldValue)
    }

    let key: String
    /// The file line of the value.
    let line: Int?
    let file: String
    private let value: Value

    init(_ field: YAMLField) {
        key = field.key
        line = field.line
        file = field.file
        value = .yaml(field)
    }

    init(key: String, line: Int, file: String, plain: PlainValue, yaml: String, index: Int) {
        self.key = key
        self.line = line
        self.file = file
        value = .plain(plain, yaml: yaml, index: index)
    }

    /// A field of TOML or JSON front matter, whose value is on `line` of `file`.
    init(key: String, line: Int?, file: String, value: FieldValue) {
        self.key = key
        self.line = line
        self.file = file
        self.value = .typed(value)
    }

    /// The error `message` at the field's line.
    private func error(_ message: String) -> SiteError { SiteError(file: file, line: line, message) }

    /// The field as Yams reads it.
    private func yamlField() throws -> YAMLField {
        switch value {
        case let .yaml(field): return field
        case let .typed(typed):
            // TOML and JSON give their own types; text that stands for a date is read as YAML reads it.
            guard case let .text(text) = typed else { throw error("'\(key)' must be text") }
            return YAMLField(key: key, node: Node(text), file: file, line: line)
        case let .plain(_, yaml, index):
            let fields = try FrontMatter.yamlFields(yaml, file: file)
            guard fields.indices.contains(index) else { throw SiteError(file: file, line: line, "front matter: cannot read '\(key)'") }
            return fields[index]
        }
    }

    private var plain: PlainValue? {
        if case let .plain(plain, _, _) = value { return plain }
        return nil
    }

    private var typed: FieldValue? {
        if case let .typed(typed) = value { return typed }
        return nil
    }

    func string() throws -> String {
        if case let .scalar(text, _)? = plain { return text }
        switch typed {
        case let .text(text)?: return text
        case let .number(number)?: return String(number)
        case let .decimal(number)?: return String(number)
        case let .flag(flag)?: return String(flag)
        case .list?, .map?, .nothing?: throw error("'\(key)' must be text")
        case nil: break
        }
        return try yamlField().string()
    }

    func bool() throws -> Bool {
        if case let .scalar(_, .flag(flag))? = plain { return flag }
        if let typed {
            guard case let .flag(flag) = typed else { throw error("'\(key)' must be true or false") }
            return flag
        }
        return try yamlField().bool()
    }

    func int() throws -> Int {
        if case let .scalar(_, .number(number))? = plain { return number }
        if let typed {
            guard case let .number(number) = typed else { throw error("'\(key)' must be a whole number") }
            return number
        }
        return try yamlField().int()
    }

    func date() throws -> Date {
        if case let .scalar(_, .day(date))? = plain { return date }
        return try yamlField().date()
    }

    /// Whether the date is written without a zone (`2024-05-01`, `2024-05-01 09:30`): a time
    /// on the site's clock, not UTC's. Asked of a field that holds a date.
    func isFloatingDate() throws -> Bool {
        let text: String
        switch (plain, typed) {
        case (.scalar(_, .day)?, _): return true
        case let (.scalar(written, _)?, _): text = written
        case let (_, .text(written)?): text = written
        default: text = try yamlField().string()
        }
        return !DateText.hasZone(text.trimmingCharacters(in: .whitespaces))
    }

    /// The pairs of a mapping (Zola's `[taxonomies]`), by key.
    func map() throws -> [(String, FieldValue)] {
        var budget = FieldValue.limit
        guard case let .map(entries) = try fieldValue(budget: &budget) else { throw error("'\(key)' must be a mapping of keys to values") }
        return entries.sorted { $0.key < $1.key }
    }

    /// A list of text; one text is a list of itself, or of its parts between `separator`s.
    func strings(separatedBy separator: Character? = nil) throws -> [String] {
        switch plain {
        case let .scalar(text, _)?: return text.listItems(separatedBy: separator)
        case let .list(items)?: return items
        case nil: break
        }
        switch typed {
        case let .list(values)?:
            return try values.map { value in
                guard case let .text(text) = value else { throw error("'\(key)' must be a list of text") }
                return text
            }
        case .map?, .nothing?: throw error("'\(key)' must be a list of text")
        case .some: return try string().listItems(separatedBy: separator)
        case nil: return try yamlField().strings(separatedBy: separator)
        }
    }

    /// The value as templates see it. What Yams reads is taken off `budget`, which the
    /// fields of a file share: going over it is an error. (Plain values hold no aliases:
    /// they are as long as their text.)
    func fieldValue(budget: inout Int) throws -> FieldValue {
        switch plain {
        case let .scalar(_, .flag(flag))?: return .flag(flag)
        case let .scalar(_, .number(number))?: return .number(number)
        case let .scalar(text, _)?: return .text(text)
        case let .list(items)?: return .list(items.map(FieldValue.text))
        case nil:
            // A TOML or JSON value: its parser's limits bound it (it has no aliases).
            if let typed { return typed }
            guard let value = FieldValue(try yamlField().node, budget: &budget) else {
                throw SiteError(file: file, line: line, "'\(key)': the front matter holds more than \(FieldValue.limit) values (YAML aliases can repeat them)")
            }
            return value
        }
    }
}
