import Foundation
import Yams

/// A Markdown file split into its YAML front matter and its body.
struct FrontMatter {
    /// The mapping's pairs, in document order (empty without front matter).
    var fields: [YAMLField]
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
        var index = text.startIndex
        while index < text.endIndex {
            let lineEnd = text[index...].firstIndex(of: "\n") ?? text.endIndex
            let line = Self.trimmed(text[index..<lineEnd])
            let next = lineEnd < text.endIndex ? text.index(after: lineEnd) : lineEnd
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
        fields = []
        if let root = try YAMLDocument.compose(yaml, file: file, firstLine: 2) {
            guard root.mapping != nil else {
                throw SiteError(file: file, line: (root.mark?.line ?? 1) + 1, "front matter: expected a mapping of keys to values")
            }
            fields = try YAMLDocument.mapping(root, file: file, what: "front matter").map { key, value in
                YAMLField(key: key.string ?? "", node: value, file: file, lineOffset: 1)
            }
        }
        body = text[closing.end...]
        bodyLine = lineNumber + 1
    }

    /// `line` without trailing spaces, tabs and carriage return (a fence may carry them).
    private static func trimmed(_ line: Substring) -> Substring {
        var line = line
        while let last = line.last, last == " " || last == "\t" || last == "\r" { line.removeLast() }
        return line
    }
}
