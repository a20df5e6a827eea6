import Mustache

/// Values handed to templates as `Any`, read as swift-mustache reads them: its lookups,
/// section kinds and texts.
///
/// The types templates usually get (`String`, `Int`, `Double`, `Bool`, `[String: Any]`,
/// `[String: String]`, `[Any]`, `[[String: Any]]`, ``TemplateContext``) are recognised by their exact type, which
/// costs a pointer comparison; any other value goes through the casts swift-mustache makes.
enum DynamicValue: RenderedValues {
    /// The child called `name` of `object`: a dictionary's entry, a `MustacheParent`'s child,
    /// or a stored property (unwrapped once when optional); nil for a string, number,
    /// Boolean or array.
    static func child(named name: String, of object: Any) throws(NeedsSwiftMustache) -> Any? {
        let type = type(of: object)
        if type == [String: Any].self, let values = object as? [String: Any] {
            return values[name]
        }
        if type == [String: String].self, let values = object as? [String: String] {
            return values[name]
        }
        if type == TemplateContext.self, let context = object as? TemplateContext {
            return context.child(named: name)
        }
        if isCommon(object) {
            return nil  // strings, numbers, Booleans and arrays have no named children
        }
        guard let represented = represented(object) else { return nil }
        if represented is MustacheLambda { throw NeedsSwiftMustache() }
        if let parent = represented as? any MustacheParent {
            return parent.child(named: name)
        }
        guard let value = Mirror(reflecting: represented).children.first(where: { $0.label == name })?.value else { return nil }
        guard let optional = value as? any OptionalValue else { return value }
        return optional.wrappedValue
    }

    /// A cell context's value as it is.
    static func value(ofCell value: Any) -> Any? { value }

    /// `value` replaced by its custom representation, if it has one.
    static func represented(_ value: Any?) -> Any? {
        guard let value, !isCommon(value), let custom = value as? any MustacheCustomRepresentation else { return value }
        return custom.representation
    }

    /// The text of a variable's value, before escaping.
    static func text(of value: Any) throws(NeedsSwiftMustache) -> String {
        let type = type(of: value)
        if type == String.self, let text = value as? String { return text }
        if type == Int.self, let number = value as? Int { return String(number) }
        if type == Bool.self, let flag = value as? Bool { return flag ? "true" : "false" }
        if type == Double.self, let number = value as? Double { return number.description }
        if value is MustacheTemplate || value is any MustacheCustomRenderable || value is MustacheLambda {
            throw NeedsSwiftMustache()
        }
        guard let optional = value as? any OptionalValue else { return String(describing: value) }
        return String(describing: optional.wrappedValue ?? value)
    }

    /// What a section over `value` renders.
    static func section(_ value: Any?) throws(NeedsSwiftMustache) -> SectionKind<Any> {
        guard let value else { return .nothing }
        let type = type(of: value)
        if type == Bool.self, let flag = value as? Bool { return .flag(flag) }
        if type == [Any].self, let elements = value as? [Any] { return .elements(elements) }
        if type == [[String: Any]].self, let elements = value as? [[String: Any]] { return .elements(elements) }
        if isCommon(value) { return .object(value) }
        if value is MustacheLambda || value is any MustacheCustomRenderable { throw NeedsSwiftMustache() }
        if let sequence = value as? any MustacheSequence { return .elements(elements(of: sequence)) }
        if let flag = value as? Bool { return .flag(flag) }
        return .object(value)
    }

    private static func elements(of sequence: some Sequence) -> [Any] {
        sequence.map { $0 as Any }
    }

    /// Whether `value` is of a type recognised without casts (none of them has a custom
    /// representation, renders itself or is a lambda).
    private static func isCommon(_ value: Any) -> Bool {
        let type = type(of: value)
        return type == String.self || type == [String: Any].self || type == [String: String].self || type == Int.self || type == Bool.self
            || type == [Any].self || type == [[String: Any]].self || type == Double.self || type == TemplateContext.self
    }
}
