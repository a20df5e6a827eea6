import Foundation

extension FrontMatter {
    /// The pairs of the JSON object that begins `text`, the text after it (from the next
    /// line), and the line that starts on. The object is read by Foundation's JSON parser;
    /// where it ends and where its keys are is found by a scan that only follows strings
    /// and brackets.
    static func jsonFrontMatter(_ text: String, file: String) throws -> (fields: [FrontMatterField], body: Substring, bodyLine: Int) {
        let scan = JSONObjectScan(text)
        guard let end = scan.end else {
            throw SiteError(file: file, line: 1, "front matter: the JSON object that begins the file has no closing '}'")
        }
        let objectText = text[..<end]
        let object: JSONFrontMatterValue
        do {
            object = try JSONDecoder().decode(JSONFrontMatterValue.self, from: Data(objectText.utf8))
        } catch let error as DecodingError {
            throw SiteError(file: file, line: scan.strayWordLine ?? Self.jsonErrorLine(error), "JSON: \(Self.jsonProblem(error))")
        }
        guard case let .map(mapping) = object.value else {
            throw SiteError(file: file, line: 1, "front matter: expected a JSON object of keys to values")
        }
        // The body starts on the line after the closing brace.
        var rest = text[end...]
        var bodyLine = scan.endLine
        if let newline = rest.firstIndex(of: "\n") {
            rest = rest[rest.index(after: newline)...]
            bodyLine += 1
        } else {
            rest = rest[rest.endIndex...]
        }
        let fields = mapping.map { key, value in
            FrontMatterField(key: key, line: scan.keyLines[key], file: file, value: value)
        }
        return (fields.sorted { ($0.line ?? .max, $0.key) < ($1.line ?? .max, $1.key) }, rest, bodyLine)
    }

    /// The line Foundation's error names ("around line 3, column 5"), or the first.
    private static func jsonErrorLine(_ error: DecodingError) -> Int {
        guard case let .dataCorrupted(context) = error else { return 1 }
        let description = "\(context.debugDescription) \(context.underlyingError.map { "\($0)" } ?? "")"
        if let match = description.firstMatch(of: /line (\d+)/), let line = Int(match.1) { return line }
        return 1
    }

    private static func jsonProblem(_ error: DecodingError) -> String {
        guard case let .dataCorrupted(context) = error else { return error.summary }
        let underlying = context.underlyingError.map { ($0 as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\($0)" }
        return underlying ?? context.debugDescription
    }
}

/// A JSON value as templates see it, decoded by Foundation: `true` is a flag, `3` a number,
/// `3.5` a decimal.
struct JSONFrontMatterValue: Decodable {
    var value: FieldValue

    init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var values: [FieldValue] = []
            while !list.isAtEnd { values.append(try list.decode(JSONFrontMatterValue.self).value) }
            value = .list(values)
            return
        }
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var entries: [String: FieldValue] = [:]
            for key in object.allKeys { entries[key.stringValue] = try object.decode(JSONFrontMatterValue.self, forKey: key).value }
            value = .map(entries)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            value = .nothing
        } else if let flag = try? single.decode(Bool.self) {
            value = .flag(flag)
        } else if let number = try? single.decode(Int.self) {
            value = .number(number)
        } else if let number = try? single.decode(Double.self) {
            value = .decimal(number)
        } else {
            value = .text(try single.decode(String.self))
        }
    }

    /// Any key of a JSON object.
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// One pass over a JSON object at the start of a text, following strings and brackets only:
/// where the object ends, and the line of each of its own keys.
struct JSONObjectScan {
    /// The index just after the object's closing `}`; nil when it does not close.
    private(set) var end: String.Index?
    /// The line of the closing `}`.
    private(set) var endLine = 1
    /// The line of each key of the outermost object.
    private(set) var keyLines: [String: Int] = [:]
    /// The line of the first word outside strings that is no JSON value (`tru`, `yes`):
    /// where the parser stops, which Foundation's error does not always say.
    private(set) var strayWordLine: Int?

    init(_ text: String) {
        var depth = 0, line = 1
        var inString = false, escaped = false
        var stringStart: String.Index?, lastString: (text: String, line: Int)?
        var word = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if !inString, character.isLetter || character.isNumber || character == "." || character == "-" || character == "+" {
                word.append(character)
                index = text.index(after: index)
                continue
            }
            if !word.isEmpty {
                if strayWordLine == nil, !["true", "false", "null"].contains(word), Double(word) == nil { strayWordLine = line }
                word = ""
            }
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                    if depth == 1, let start = stringStart { lastString = (String(text[text.index(after: start)..<index]), line) }
                } else if character == "\n" {
                    line += 1
                }
            } else {
                switch character {
                case "\"":
                    inString = true
                    stringStart = index
                case "{", "[":
                    depth += 1
                    lastString = nil
                case "}", "]":
                    depth -= 1
                    if depth == 0 {
                        end = text.index(after: index)
                        endLine = line
                        return
                    }
                case ":":
                    if depth == 1, let key = lastString, keyLines[key.text] == nil { keyLines[key.text] = key.line }
                    lastString = nil
                case ",": lastString = nil
                case "\n": line += 1
                default: break
                }
            }
            index = text.index(after: index)
        }
    }
}
