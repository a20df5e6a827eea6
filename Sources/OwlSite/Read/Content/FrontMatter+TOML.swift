import Foundation
import TOMLKit

extension FrontMatter {
    /// The pairs of `toml`, TOML front matter starting on file line 2, as TOMLKit reads it.
    /// A table (`[taxonomies]`, `[extra]`) is one field whose value is a map. TOMLKit keeps
    /// no places, so each key's line is found in the text: where it is set, or where its table begins.
    static func tomlFields(_ toml: String, file: String) throws -> [FrontMatterField] {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: toml)
        } catch let error as TOMLParseError {
            throw SiteError(file: file, line: error.source.begin.line + 1, "TOML: \(error.description)")
        }
        let lines = TOMLKeyLines(toml)
        return table.keys.compactMap { key in
            guard let value = table[key] else { return nil }
            return FrontMatterField(key: key, line: lines.line(of: key).map { $0 + 1 }, file: file, value: fieldValue(value))
        }
        .sorted { ($0.line ?? .max, $0.key) < ($1.line ?? .max, $1.key) }  // in document order, as YAML's are
    }

    /// A TOML value as templates see it: a date, a time or both as their RFC 3339 text,
    /// which the fields that hold dates read as YAML reads a timestamp.
    static func fieldValue(_ value: TOMLValueConvertible) -> FieldValue {
        switch value.type {
        case .string: return .text(value.string ?? "")
        case .int: return .number(value.int ?? 0)
        case .double: return .decimal(value.double ?? 0)
        case .bool: return .flag(value.bool ?? false)
        case .array: return .list(value.array.map { array in array.map { fieldValue($0) } } ?? [])
        case .table:
            guard let table = value.table else { return .map([:]) }
            var entries: [String: FieldValue] = [:]
            for key in table.keys { if let item = table[key] { entries[key] = fieldValue(item) } }
            return .map(entries)
        case .date: return value.date.map { .text(dayText($0)) } ?? .nothing
        case .time: return value.time.map { .text(timeText($0)) } ?? .nothing
        case .dateTime:
            guard let dateTime = value.dateTime else { return .nothing }
            return .text(dayText(dateTime.date) + "T" + timeText(dateTime.time) + (dateTime.offset.map(offsetText) ?? ""))
        }
    }

    private static func dayText(_ date: TOMLDate) -> String {
        String(format: "%04d-%02d-%02d", date.year, date.month, date.day)
    }

    private static func timeText(_ time: TOMLTime) -> String {
        let fraction = time.nanoSecond > 0 ? String(format: ".%09d", time.nanoSecond) : ""
        return String(format: "%02d:%02d:%02d", time.hour, time.minute, time.second) + fraction
    }

    private static func offsetText(_ offset: TOMLTimeOffset) -> String {
        guard offset.offset != 0 else { return "Z" }
        let minutes = abs(offset.offset)
        return String(format: "%@%02d:%02d", offset.offset < 0 ? "-" : "+", minutes / 60, minutes % 60)
    }
}

/// Where the top-level keys of a TOML document are: the line that sets `key = …` before the
/// first table, or that opens the table `[key]` (or `[key.sub]`, or sets `key.sub = …`).
struct TOMLKeyLines {
    private var lines: [String: Int] = [:]

    init(_ toml: String) {
        var inTable = false
        for (index, raw) in toml.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                inTable = true
                let name = line.drop { $0 == "[" }.prefix { $0 != "]" && $0 != "." }
                record(Self.unquoted(name.trimmingCharacters(in: .whitespaces)), index + 1)
            } else if !inTable, let equals = line.firstIndex(of: "="), !line.hasPrefix("#") {
                let name = line[..<equals].prefix { $0 != "." }
                record(Self.unquoted(name.trimmingCharacters(in: .whitespaces)), index + 1)
            }
        }
    }

    /// The 1-based line of `key` in the document.
    func line(of key: String) -> Int? { lines[key] }

    private mutating func record(_ key: String, _ line: Int) {
        if lines[key] == nil { lines[key] = line }
    }

    private static func unquoted(_ key: String) -> String {
        guard key.count >= 2, let first = key.first, first == "\"" || first == "'", key.last == first else { return key }
        return String(key.dropFirst().dropLast())
    }
}
