import Foundation

/// One `key: value` pair of a file's front matter: read by the plain-line reader when its
/// value is a simple scalar or list, else by Yams. Whatever the plain reader cannot answer
/// (a wrong type, say) is answered by Yams on the same text, with its errors and lines.
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

    /// The field as Yams reads it.
    private func yamlField() throws -> YAMLField {
        switch value {
        case let .yaml(field): return field
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

    func string() throws -> String {
        if case let .scalar(text, _)? = plain { return text }
        return try yamlField().string()
    }

    func bool() throws -> Bool {
        if case let .scalar(_, .flag(flag))? = plain { return flag }
        return try yamlField().bool()
    }

    func int() throws -> Int {
        if case let .scalar(_, .number(number))? = plain { return number }
        return try yamlField().int()
    }

    func date() throws -> Date {
        if case let .scalar(_, .day(date))? = plain { return date }
        return try yamlField().date()
    }

    /// A list of text; one text is a list of itself, or of its parts between `separator`s.
    func strings(separatedBy separator: Character? = nil) throws -> [String] {
        switch plain {
        case let .scalar(text, _)?: return text.listItems(separatedBy: separator)
        case let .list(items)?: return items
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
            guard let value = FieldValue(try yamlField().node, budget: &budget) else {
                throw SiteError(file: file, line: line, "'\(key)': the front matter holds more than \(FieldValue.limit) values (YAML aliases can repeat them)")
            }
            return value
        }
    }
}
