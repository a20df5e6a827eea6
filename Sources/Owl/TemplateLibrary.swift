import Mustache
import Synchronization

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
    /// The templates as swift-mustache's library, which renders what the compiled forms
    /// cannot. A library made of compiled forms parses its texts the first time it is asked.
    public var mustache: MustacheLibrary { swiftMustache.library }
    private let swiftMustache: SwiftMustacheLibrary
    /// The compiled form of every template that has one, by name: what
    /// ``init(texts:compiled:)`` takes to make the library again.
    public let compiled: [String: CompiledTemplate]
    /// The names of all the templates, compiled or not.
    private let names: Set<String>

    /// A library of `templates`, by name.
    public init(_ templates: [String: MustacheTemplate]) {
        swiftMustache = SwiftMustacheLibrary(made: MustacheLibrary(templates: templates))
        compiled = templates.compactMapValues(CompiledTemplate.init)
        names = Set(templates.keys)
    }

    /// The library of `texts`, by name, whose compiled forms are `compiled` (another
    /// library's ``compiled``, of the same texts), without parsing: swift-mustache parses the
    /// texts only if a template or value needs it. `texts` must parse, as they did for the
    /// library `compiled` came from.
    public init(texts: [String: String], compiled: [String: CompiledTemplate]) {
        swiftMustache = SwiftMustacheLibrary(parsingWhenNeeded: texts)
        self.compiled = compiled
        names = Set(texts.keys)
    }

    private init(swiftMustache: SwiftMustacheLibrary, compiled: [String: CompiledTemplate], names: Set<String>) {
        (self.swiftMustache, self.compiled, self.names) = (swiftMustache, compiled, names)
    }

    /// The same library in storage of its own: its compiled forms' nodes, names and texts, and
    /// its tables, new. Rendering retains each node it visits (a node is a reference-counted
    /// box); threads that render many pages at once, each with a copy of its own, then count
    /// no counter another thread counts, each count taking the cache line from the other core.
    public var unshared: TemplateLibrary {
        TemplateLibrary(swiftMustache: swiftMustache.unshared, compiled: Dictionary(uniqueKeysWithValues: compiled.map { ($0.key.unshared, $0.value.unshared) }),
                        names: Set(names.map(\.unshared)))
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
        guard !names.contains(name) else { throw NeedsSwiftMustache() }
        return nil
    }
}

/// swift-mustache's library of a ``TemplateLibrary``: made at once, or parsed from the
/// templates' texts the first time it is asked for (by any thread; once).
private final class SwiftMustacheLibrary: Sendable {
    private let texts: [String: String]
    private let made: Mutex<MustacheLibrary?>

    init(made library: MustacheLibrary) {
        texts = [:]
        made = Mutex(library)
    }

    init(parsingWhenNeeded texts: [String: String]) {
        self.texts = texts
        made = Mutex(nil)
    }

    private init(texts: [String: String], made library: MustacheLibrary?) {
        self.texts = texts
        made = Mutex(library)
    }

    /// The same library, in an object of its own: parsed if this one is, else parsed when needed.
    var unshared: SwiftMustacheLibrary {
        made.withLock { SwiftMustacheLibrary(texts: texts, made: $0) }
    }

    var library: MustacheLibrary {
        made.withLock { made in
            if let made { return made }
            // The texts parsed when their compiled forms were made; one that no longer
            // does is left out, and renders as a template that does not exist.
            let library = MustacheLibrary(templates: texts.compactMapValues { try? MustacheTemplate(string: $0) })
            made = library
            return library
        }
    }
}
