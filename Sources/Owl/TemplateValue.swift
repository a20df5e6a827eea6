import Mustache

/// A value a template sees, saying what it is: a text, a number, a flag, or a list or map
/// of values.
///
/// Templates render values of any type, read the way swift-mustache reads them: a cast
/// and a reflection at every lookup. A `TemplateValue` is read without either, which makes
/// page layouts with many lookups several times faster to render. It renders exactly as
/// its ``anyValue`` renders through swift-mustache, also where it is found inside values
/// of other types (a dictionary's entry, a cell's property).
///
/// ```swift
/// let page: TemplateValue = ["title": .text(post.title), "draft": .flag(false), "tags": .list(tags)]
/// let html = library.render(["page": page], withTemplate: "layouts/single")
/// ```
public enum TemplateValue: Sendable, Equatable {
    /// A text, escaped by `{{name}}` and written as it is by `{{{name}}}`.
    case text(String)
    /// A whole number.
    case number(Int)
    /// A number with a fraction, written as Swift's `description` writes it.
    case decimal(Double)
    /// A flag: a section over it renders when it is true, an inverted one when it is false.
    case flag(Bool)
    /// A list: a section over it renders once for each element, an inverted one when it is empty.
    case list([TemplateValue])
    /// Values by name: `{{name}}` and `{{map.name}}` look them up.
    case map([String: TemplateValue])

    /// The value as swift-mustache takes it: `String`, `Int`, `Double`, `Bool`, `[Any]` or `[String: Any]`.
    public var anyValue: Any {
        switch self {
        case .text(let text): text
        case .number(let number): number
        case .decimal(let number): number
        case .flag(let flag): flag
        case .list(let elements): elements.map(\.anyValue)
        case .map(let entries): entries.mapValues(\.anyValue)
        }
    }

    /// The value called `key` of a map; nil for another value or a key it lacks.
    public subscript(key: String) -> TemplateValue? {
        guard case .map(let entries) = self else { return nil }
        return entries[key]
    }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral {
    public init(stringLiteral text: String) { self = .text(text) }
    public init(integerLiteral number: Int) { self = .number(number) }
    public init(floatLiteral number: Double) { self = .decimal(number) }
    public init(booleanLiteral flag: Bool) { self = .flag(flag) }
}

extension TemplateValue: ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }

    /// A map of the entries; of two entries with one key, the last stands.
    public init(dictionaryLiteral entries: (String, TemplateValue)...) {
        self = .map(Dictionary(entries) { _, last in last })
    }
}

/// Inside values of other types, read as ``TemplateValue/anyValue``.
extension TemplateValue: MustacheCustomRepresentation {
    public var representation: Any? { anyValue }
}
