/// How a compiled template reads the values it renders: looked up by name, written as
/// text, or opening a section. ``DynamicValue`` reads values of any type as swift-mustache
/// does; ``TemplateValue`` says what it is, and is read without casting or reflecting.
protocol RenderedValues {
    associatedtype Value

    /// The child called `name` of `object`, nil when it has none.
    static func child(named name: String, of object: Value) throws(NeedsSwiftMustache) -> Value?

    /// The text of a variable's value, before escaping.
    static func text(of value: Value) throws(NeedsSwiftMustache) -> String

    /// What a section over `value` renders.
    static func section(_ value: Value?) throws(NeedsSwiftMustache) -> SectionKind<Value>

    /// A value of a cell's ``TemplateContext``, at the bottom of the lookups of a cell's rendering.
    static func value(ofCell value: Any) -> Value?

    /// `value` as the template sees it, after any custom representation.
    static func represented(_ value: Value?) -> Value?
}

/// What a section does with its value.
enum SectionKind<Value> {
    /// A sequence: the section once per element, or the inverted section when empty.
    case elements([Value])
    /// A Boolean: the section without a new context.
    case flag(Bool)
    /// Any other value: the section once with it as the context.
    case object(Value)
    /// Nothing: only the inverted section.
    case nothing
}
