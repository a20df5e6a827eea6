import Foundation
import Yams

/// A Markdown file split into its YAML front matter and its body.
struct FrontMatter {
    /// The mapping's pairs, in document order (empty without front matter).
    var fields: [FrontMatterField]
    /// The Markdown after the front matter.
    var body: Substring
    /// The file line the body starts on.
    var bodyLine: Int

    /// Splits `text`: front matter sits between a first line `---` and the next `---` (or `...`) line.
    init(parsing text: String, file: String) throws {
        guard text.hasPrefix("---\n") || text.hasPrefix("---\r\n") else {
            fields = []
            body = text[...]
            bodyLine = 1
            return
        }
        var lineNumber = 1
        var yamlStart: String.Index?
        var closing: (start: String.Index, end: String.Index)?
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let lineEnd = utf8[index...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            let line = Self.trimmed(text[index..<lineEnd])
            let next = lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : lineEnd
            if lineNumber == 1 {
                yamlStart = next
            } else if line == "---" || line == "..." {
                closing = (index, next)
                break
            }
            lineNumber += 1
            index = next
        }
        guard let yamlStart, let closing else {
            throw SiteError(file: file, line: 1, "front matter: no closing '---' line")
        }
        let yaml = String(text[yamlStart..<closing.start])
        fields = try Self.plainFields(yaml, file: file) ?? Self.yamlFields(yaml, file: file).map(FrontMatterField.init)
        body = text[closing.end...]
        bodyLine = lineNumber + 1
    }

    /// The pairs of `yaml` (starting on file line 2) as Yams reads them.
    static func yamlFields(_ yaml: String, file: String) throws -> [YAMLField] {
        guard let root = try YAMLDocument.compose(yaml, file: file, firstLine: 2) else { return [] }
        guard root.mapping != nil else {
            throw SiteError(file: file, line: (root.mark?.line ?? 1) + 1, "front matter: expected a mapping of keys to values")
        }
        return try YAMLDocument.mapping(root, file: file, what: "front matter").map { key, value in
            YAMLField(key: key.string ?? "", node: value, file: file, lineOffset: 1)
        }
    }

    /// `line` without trailing spaces, tabs and carriage return (a fence may carry them).
    private static func trimmed(_ line: Substring) -> Substring {
        var line = line
        while let last = line.last, last == " " || last == "\t" || last == "\r" { line.removeLast() }
        return line
    }
}
