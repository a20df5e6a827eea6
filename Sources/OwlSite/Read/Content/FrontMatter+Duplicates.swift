import Foundation

extension FrontMatter {
    /// `yaml` (starting on file line 2) with the earlier of two top-level `key:` lines for
    /// one key blanked out, with the lines indented below it: Jekyll takes the later one,
    /// where YAML refuses the document. Each key written twice is a warning naming both
    /// lines. The lines are kept, so that every other line keeps its number.
    static func withoutEarlierDuplicates(_ yaml: String, file: String, warnings: inout [SiteError]) throws -> String {
        var lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
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
