import Foundation
import Yams

/// A Markdown file split into its front matter and its body. The front matter is written
/// as Hugo reads it: YAML between `---` lines, TOML between `+++` lines, or a JSON object
/// `{ … }` at the top of the file.
struct FrontMatter {
    /// The language the front matter is written in.
    enum Format: String, Sendable {
        case yaml = "YAML", toml = "TOML", json = "JSON"
    }

    /// The front matter's language; nil without front matter.
    var format: Format?
    /// The mapping's pairs, in document order (empty without front matter).
    var fields: [FrontMatterField]
    /// The Markdown after the front matter.
    var body: Substring
    /// The file line the body starts on.
    var bodyLine: Int
    /// What the front matter holds that other generators take but that looks like a slip
    /// (a key written twice): the build goes on, and says so.
    var warnings: [SiteError] = []

    /// Splits `text`: YAML front matter sits between a first line `---` and the next `---`
    /// (or `...`) line, TOML between a first line `+++` and the next `+++` line, and JSON is
    /// an object whose `{` begins the file.
    init(parsing text: String, file: String) throws {
        if Self.startsWithFence("---", text) {
            let (inside, rest, line) = try Self.fenced(text, closers: ["---", "..."], file: file)
            format = .yaml
            let yaml = String(inside)
            // A plain front matter writes no key twice (its reader says nil to one that does),
            // so it needs no look for keys written twice: that took a cold build 2.5% of its
            // instructions, most front matter being plain.
            if let plain = Self.plainFields(yaml, file: file) {
                fields = plain
            } else {
                fields = try Self.yamlFields(Self.withoutEarlierDuplicates(yaml, file: file, warnings: &warnings), file: file).map(FrontMatterField.init)
            }
            body = rest
            bodyLine = line
        } else if Self.startsWithFence("+++", text) {
            let (inside, rest, line) = try Self.fenced(text, closers: ["+++"], file: file)
            format = .toml
            fields = try Self.tomlFields(String(inside), file: file)
            body = rest
            bodyLine = line
        } else if text.utf8.first == UInt8(ascii: "{") {
            format = .json
            (fields, body, bodyLine) = try Self.jsonFrontMatter(text, file: file)
        } else {
            format = nil
            fields = []
            body = text[...]
            bodyLine = 1
        }
    }

    /// Whether `text`'s first line is `fence` (with nothing after it but the line's end).
    private static func startsWithFence(_ fence: String, _ text: String) -> Bool {
        text.hasPrefix(fence + "\n") || text.hasPrefix(fence + "\r\n")
    }

    /// The lines between the first line of `text` and the next line that is one of `closers`,
    /// the text after that line, and the line the latter starts on. Lines are compared by
    /// their bytes (no fence is canonically equivalent to other bytes), read in the text's
    /// own buffer, each line's end found by `memchr`: trimmed and compared as characters,
    /// they took a cold build 1% of its instructions, and through the `utf8` view some 1,000
    /// instructions a line.
    private static func fenced(_ text: String, closers: [Substring], file: String) throws -> (Substring, Substring, Int) {
        let closerBytes = closers.map { Array($0.utf8) }
        var copy = text
        // Byte offsets: where the inside starts, where the closing line starts and ends, and its line number.
        let found = copy.withUTF8 { bytes -> (inside: Int, start: Int, end: Int, lineNumber: Int)? in
            var lineNumber = 1, index = 0, inside: Int?
            while index < bytes.count {
                let lineEnd = ByteSearch.firstOffset(of: UInt8(ascii: "\n"), in: UnsafeRawBufferPointer(bytes), from: index) ?? bytes.count
                let next = lineEnd < bytes.count ? lineEnd + 1 : lineEnd
                if lineNumber == 1 {
                    inside = next
                } else {
                    // Without the spaces, tabs and carriage return a fence may carry at its end.
                    var end = lineEnd
                    while end > index, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                    let line = UnsafeBufferPointer(rebasing: bytes[index..<end])
                    if let inside, closerBytes.contains(where: { $0.elementsEqual(line) }) { return (inside, index, next, lineNumber) }
                }
                lineNumber += 1
                index = next
            }
            return nil
        }
        guard let found else {
            throw SiteError(file: file, line: 1, "front matter: no closing '\(closers[0])' line")
        }
        let utf8 = text.utf8
        let position = { (offset: Int) in utf8.index(utf8.startIndex, offsetBy: offset) }
        return (text[position(found.inside)..<position(found.start)], text[position(found.end)...], found.lineNumber + 1)
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

}
