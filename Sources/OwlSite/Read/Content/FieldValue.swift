import Foundation
import Owl
import Yams

/// A front matter value as templates see it.
enum FieldValue: Sendable, Hashable {
    case text(String)
    case number(Int)
    case decimal(Double)
    case flag(Bool)
    case list([FieldValue])
    case map([String: FieldValue])
    case nothing

    /// The most values one file's front matter may hold: YAML aliases can make a few lines
    /// stand for billions of them.
    static let limit = 100_000

    /// The value from a YAML node, following YAML's own typing of plain scalars; nil when
    /// it holds more than `budget` values. Each value it holds is taken off `budget`.
    init?(_ node: Node, budget: inout Int) {
        budget -= 1
        guard budget >= 0 else { return nil }
        switch node {
        case let .scalar(scalar):
            switch Tag.Name(rawValue: node.tag.description) {
            case .int: self = node.int.map(FieldValue.number) ?? .text(scalar.string)
            case .float: self = node.float.map(FieldValue.decimal) ?? .text(scalar.string)
            case .bool: self = node.bool.map(FieldValue.flag) ?? .text(scalar.string)
            case .null: self = .nothing
            default: self = .text(scalar.string)
            }
        case let .sequence(sequence):
            var values: [FieldValue] = []
            for item in sequence {
                guard let value = FieldValue(item, budget: &budget) else { return nil }
                values.append(value)
            }
            self = .list(values)
        case let .mapping(mapping):
            var entries: [String: FieldValue] = [:]
            for (key, item) in mapping {
                guard let value = FieldValue(item, budget: &budget) else { return nil }
                entries[key.string ?? ""] = value
            }
            self = .map(entries)
        case .alias: self = .nothing
        }
    }

    /// The value templates see; nothing (YAML's null) is false.
    var templateValue: TemplateValue {
        switch self {
        case let .text(value): .text(value)
        case let .number(value): .number(value)
        case let .decimal(value): .decimal(value)
        case let .flag(value): .flag(value)
        case let .list(values): .list(values.map(\.templateValue))
        case let .map(entries): .map(entries.mapValues(\.templateValue))
        case .nothing: .flag(false)
        }
    }
}
