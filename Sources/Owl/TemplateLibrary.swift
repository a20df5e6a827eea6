import Mustache

/// Named Mustache templates that include each other as partials (`{{> name}}`), each
/// compiled once.
///
/// A template renders through its compiled form when it, its partials and the values stay
/// within what that form knows (text, variables, sections, inverted sections, partials over
/// strings, numbers, Booleans, arrays, dictionaries and plain structs), and through
/// swift-mustache otherwise. Both give the same text, except that the compiled form escapes
/// with ``HTML/escape(_:)`` byte by byte, and so also escapes a quote, bracket or ampersand
/// that a combining mark follows, which swift-mustache's escaping (by whole characters) misses.
public struct TemplateLibrary: Sendable {
    /// The templates as swift-mustache's library, which renders what the compiled forms cannot.
    public let mustache: MustacheLibrary
    /// The compiled form of every template that has one.
    private let compiled: [String: CompiledTemplate]

    /// A library of `templates`, by name.
    public init(_ templates: [String: MustacheTemplate]) {
        mustache = MustacheLibrary(templates: templates)
        compiled = templates.compactMapValues(CompiledTemplate.init)
    }

    /// `values` rendered through the template `name`; nil when there is no such template.
    public func render(_ values: Any, withTemplate name: String) -> String? {
        renderCompiled(values, withTemplate: name) ?? mustache.render(values, withTemplate: name)
    }

    /// `values` rendered through the compiled form of the template `name`; nil when there is
    /// no such template or it needs swift-mustache.
    func renderCompiled(_ values: Any, withTemplate name: String) -> String? {
        try? compiled[name]?.render(values, partials: self)
    }

    /// Typed `value` rendered through the template `name`; nil when there is no such
    /// template. The same text as ``render(_:withTemplate:)-(Any,_)`` gives for `value.anyValue`,
    /// without a cast at each lookup.
    public func render(_ value: TemplateValue, withTemplate name: String) -> String? {
        renderCompiled(value, withTemplate: name) ?? mustache.render(value.anyValue, withTemplate: name)
    }

    /// Typed `value` rendered through the compiled form of the template `name`; nil when
    /// there is no such template or it needs swift-mustache.
    func renderCompiled(_ value: TemplateValue, withTemplate name: String) -> String? {
        try? compiled[name]?.render(value, partials: self)
    }

    /// The compiled form of the partial `name`, nil when the library has no such template.
    /// Throws when the template exists but has no compiled form: swift-mustache renders it.
    func compiledPartial(named name: String) throws(NeedsSwiftMustache) -> CompiledTemplate? {
        if let template = compiled[name] {
            return template
        }
        guard mustache.getTemplate(named: name) == nil else { throw NeedsSwiftMustache() }
        return nil
    }
}
