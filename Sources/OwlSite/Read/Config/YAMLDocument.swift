import Foundation
import Yams

/// Parsing YAML into nodes that remember their lines, with errors naming file and line.
enum YAMLDocument {
    /// Composes `text`, whose first line is line `firstLine` of `file`; refuses a text whose
    /// aliases make it stand for more values than ``YAMLAliases/limit``.
    static func compose(_ text: String, file: String, firstLine: Int) throws -> Node? {
        if let line = YAMLAliases.lineExceeding(in: text) {
            throw SiteError(file: file, line: line + firstLine - 1, "YAML: its aliases make it stand for more than \(YAMLAliases.limit) values")
        }
        do {
            return try Yams.compose(yaml: text, .default, .default, .utf8)
        } catch let error as YamlError {
            throw SiteError(file: file, line: line(of: error).map { $0 + firstLine - 1 } ?? firstLine, "YAML: \(problem(of: error))")
        } catch {
            throw SiteError(file: file, line: firstLine, "YAML: \(error)")
        }
    }

    /// The pairs of a mapping node, in document order; anything else is an error.
    static func mapping(_ node: Node, file: String, what: String) throws -> [(Node, Node)] {
        guard let mapping = node.mapping else {
            throw SiteError(file: file, line: node.mark?.line, "\(what) must be a mapping of keys to values")
        }
        return Array(mapping)
    }

    private static func line(of error: YamlError) -> Int? {
        switch error {
        case let .scanner(_, _, mark, _), let .parser(_, _, mark, _), let .composer(_, _, mark, _): mark.line
        case let .duplicatedKeysInMapping(_, context): context.mark.line
        default: nil
        }
    }

    private static func problem(of error: YamlError) -> String {
        switch error {
        case let .scanner(_, problem, _, _), let .parser(_, problem, _, _), let .composer(_, problem, _, _): problem
        case let .duplicatedKeysInMapping(duplicates, _): "duplicated key \(duplicates.joined(separator: ", "))"
        case let .reader(problem, _, _, _): problem
        default: "\(error)"
        }
    }
}

/// One `key: value` pair of a YAML mapping, converting its value or explaining why not.
struct YAMLField {
    var key: String
    var node: Node
    var file: String
    /// Added to the node's line when the YAML does not start on the file's first line.
    var lineOffset = 0

    /// The line where it was not read from a YAML document (a TOML or JSON value read as YAML reads text).
    var fixedLine: Int?

    var line: Int? { fixedLine ?? node.mark.map { $0.line + lineOffset } }

    /// A field of a YAML document.
    init(key: String, node: Node, file: String, lineOffset: Int = 0) {
        self.key = key
        self.node = node
        self.file = file
        self.lineOffset = lineOffset
    }

    /// A value read as YAML reads it, from `line` of `file`.
    init(key: String, node: Node, file: String, line: Int?) {
        self.init(key: key, node: node, file: file)
        fixedLine = line
    }

    func error(_ message: String) -> SiteError { SiteError(file: file, line: line, message) }

    func string() throws -> String {
        guard let scalar = node.scalar else { throw error("'\(key)' must be text") }
        return scalar.string
    }

    func bool() throws -> Bool {
        guard node.scalar != nil, let value = node.bool else { throw error("'\(key)' must be true or false") }
        return value
    }

    func int(minimum: Int = .min) throws -> Int {
        guard node.scalar != nil, let value = node.int, value >= minimum else {
            throw error("'\(key)' must be a whole number\(minimum == 0 ? " (0 or more)" : "")")
        }
        return value
    }

    func date() throws -> Date {
        func notADate(_ shown: String) -> SiteError { error("'\(key)' must be a date like 2024-05-01 or 2024-05-01T09:30:00Z, not '\(shown)'") }
        guard let written = node.scalar else { throw notADate("a list") }
        var scalar = written
        var value = Date.construct(from: written)
        // What YAML refuses but other generators take, in YAML's spelling.
        if value == nil, let timestamp = DateText.yamlTimestamp(from: written.string) {
            scalar = Node.Scalar(timestamp)
            value = Date.construct(from: scalar)
        }
        guard let value else { throw notADate(written.string) }
        guard DateText.fieldsExist(inTimestamp: scalar.string) else { throw error("'\(key)' is not a real date or time: '\(written.string)'") }
        return value
    }

    /// A list of text; one text is a list of itself, or of its parts between `separator`s.
    func strings(separatedBy separator: Character? = nil) throws -> [String] {
        if let scalar = node.scalar { return scalar.string.listItems(separatedBy: separator) }
        guard let sequence = node.sequence else { throw error("'\(key)' must be a list of text") }
        return try sequence.map { item in
            guard let scalar = item.scalar else { throw SiteError(file: file, line: item.mark.map { $0.line + lineOffset }, "'\(key)' must be a list of text") }
            return scalar.string
        }
    }

    func choice<Choice: RawRepresentable & CaseIterable>(_: Choice.Type) throws -> Choice where Choice.RawValue == String {
        let text = try string()
        guard let value = Choice(rawValue: text) else {
            throw error("'\(key)' must be one of \(Choice.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text)'")
        }
        return value
    }
}

extension String {
    /// This text as the items of a list: none when it is empty; when `separator` is
    /// given, its parts between separators, trimmed, empty ones left out.
    func listItems(separatedBy separator: Character?) -> [String] {
        guard let separator else { return isEmpty ? [] : [self] }
        return split(separator: separator).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
