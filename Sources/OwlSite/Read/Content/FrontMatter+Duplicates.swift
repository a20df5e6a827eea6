import Foundation

extension FrontMatter {
    /// `yaml` (starting on file line 2) with the earlier of two top-level `key:` lines for
    /// one key blanked out, with the lines indented below it: Jekyll takes the later one,
    /// where YAML refuses the document. Each key written twice is a warning naming both
    /// lines. The lines are kept, so that every other line keeps its number.
    static func withoutEarlierDuplicates(_ yaml: String, file: String, warnings: inout [SiteError]) throws -> String {
        guard writesAKeyTwice(yaml) else { return yaml }
        // Split at each line feed byte: as characters, a CR LF is one, which is no line feed.
        var lines = yaml.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(Substring($0)) }
        var lineOfKey: [String: Int] = [:]
        var blanked = false
        for (index, line) in lines.enumerated() {
            guard let key = topLevelKey(line) else { continue }
            if let earlier = lineOfKey[key] {
                warnings.append(SiteError(
                    file: file, line: index + 2,
                    "front matter: '\(key)' is written twice, on lines \(earlier + 2) and \(index + 2): the later one is taken"
                ))
                lines[earlier] = ""
                var below = earlier + 1
                while below < index, let first = lines[below].first, first == " " || first == "\t" || (first == "-" && topLevelKey(lines[below]) == nil) {
                    lines[below] = ""
                    below += 1
                }
                blanked = true
            }
            lineOfKey[key] = index
        }
        return blanked ? lines.joined(separator: "\n") : yaml
    }

    /// Whether `yaml` may have a top-level key written twice: its lines' keys, read from their
    /// bytes without a string for each line (as ``topLevelKey(_:)`` reads them; a line that is
    /// not ASCII is read by it). Most front matter has none, and splitting every front matter
    /// into strings took a cold build 5% of its CPU.
    private static func writesAKeyTwice(_ yaml: String) -> Bool {
        var keys = Set<Substring>()
        for line in yaml.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            let key: Substring?
            if line.allSatisfy({ $0 < 0x80 }) {
                key = asciiTopLevelKey(line)
            } else {
                key = topLevelKey(String(Substring(line))).map { Substring($0) }
            }
            if let key, !keys.insert(key).inserted { return true }
        }
        return false
    }

    /// ``topLevelKey(_:)`` of an ASCII line, from its bytes.
    private static func asciiTopLevelKey(_ line: Substring.UTF8View) -> Substring? {
        guard let first = line.first else { return nil }
        switch first {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): break
        default: return nil
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let after = line.index(after: colon)
        if after != line.endIndex {
            switch line[after] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
            default: return nil
            }
        }
        let key = line[..<colon]
        let isPlain = key.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "#"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "{"), UInt8(ascii: "["): false
            default: true
            }
        }
        return isPlain ? Substring(key) : nil
    }

    /// The key of a `key: value` (or `key:`) line that starts at the first column; nil for
    /// any other line (indented, a list item, a comment, a quoted or complex key).
    private static func topLevelKey(_ line: String) -> String? {
        guard let first = line.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return nil }
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let after = line[line.index(after: colon)...]
        guard after.isEmpty || after.first == " " || after.first == "\t" || after.first == "\r" else { return nil }
        let key = line[..<colon]
        guard !key.contains(where: { $0 == "#" || $0 == "\"" || $0 == "'" || $0 == "{" || $0 == "[" }) else { return nil }
        return String(key)
    }
}
