import Foundation

extension FrontMatter {
    /// `yaml` (starting on file line 2) with the earlier of two top-level `key:` lines for
    /// one key blanked out, with the lines indented below it: Jekyll takes the later one,
    /// where YAML refuses the document. Each key written twice is a warning naming both
    /// lines. The lines are kept, so that every other line keeps its number.
    static func withoutEarlierDuplicates(_ yaml: String, file: String, warnings: inout [SiteError]) throws -> String {
        // Split at each line feed byte: as characters, a CR LF is one, which is no line feed.
        let lineBytes = yaml.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // Most front matter writes no key twice: that is found from the lines' bytes, and only
        // then is a string made of each line (for every front matter, that took a cold build 5% of its CPU).
        var seen = Set<Substring>()
        guard lineBytes.contains(where: { line in topLevelKey(line).map { !seen.insert($0).inserted } ?? false }) else { return yaml }
        var lines = lineBytes.map { String(Substring($0)) }
        var lineOfKey: [Substring: Int] = [:]
        var blanked = false
        for (index, line) in lineBytes.enumerated() {
            guard let key = topLevelKey(line) else { continue }
            if let earlier = lineOfKey[key] {
                warnings.append(SiteError(
                    file: file, line: index + 2,
                    "front matter: '\(key)' is written twice, on lines \(earlier + 2) and \(index + 2): the later one is taken"
                ))
                lines[earlier] = ""
                var below = earlier + 1
                while below < index, let first = lineBytes[below].first,
                      first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") || (first == UInt8(ascii: "-") && topLevelKey(lineBytes[below]) == nil) {
                    lines[below] = ""
                    below += 1
                }
                blanked = true
            }
            lineOfKey[key] = index
        }
        return blanked ? lines.joined(separator: "\n") : yaml
    }

    /// The key of a `key: value` (or `key:`) line that starts at the first column; nil for
    /// any other line (indented, a list item, a comment, a quoted or complex key). An ASCII
    /// line is read from its bytes; any other by its characters.
    private static func topLevelKey(_ line: Substring.UTF8View) -> Substring? {
        guard line.allSatisfy({ $0 < 0x80 }) else { return topLevelKey(characters: Substring(line)) }
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

    /// ``topLevelKey(_:)`` of a line that is not ASCII, read by its characters and scalars.
    private static func topLevelKey(characters line: Substring) -> Substring? {
        guard let first = line.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return nil }
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let after = line[line.index(after: colon)...]
        guard after.isEmpty || after.first == " " || after.first == "\t" || after.first == "\r" else { return nil }
        let key = line[..<colon]
        guard !key.contains(where: { $0 == "#" || $0 == "\"" || $0 == "'" || $0 == "{" || $0 == "[" }) else { return nil }
        return key
    }
}
