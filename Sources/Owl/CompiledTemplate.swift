import Mustache

/// A Mustache template recompiled from swift-mustache's own parse into a tree that renders
/// the common subset (text, variables, sections, inverted sections) without per-lookup
/// reflection, string splitting or dynamic dispatch.
///
/// swift-mustache stays the parser (so whitespace rules and errors are its own) and the
/// renderer of everything else: templates with partials, inheritance, transforms or
/// pragmas do not compile, and values this renderer does not know (lambdas, custom
/// renderables) make ``render(_:)`` return nil so the caller falls back.
struct CompiledTemplate {
    private indirect enum Node {
        case text(String)
        case variable(Name, escaped: Bool)
        case section(Name, inverted: Bool, [Node])
    }

    /// A variable name: `.`, or dot-separated keys looked up from the context stack.
    private struct Name {
        let keys: [String]

        init?(_ name: String) {
            guard name == "." || (!name.hasPrefix(".") && !name.isEmpty) else { return nil }
            keys = name == "." ? [] : name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        }
    }

    private let nodes: [Node]

    /// The compiled form of `template`, nil when it uses more than the subset.
    init?(_ template: MustacheTemplate) {
        guard let nodes = Self.nodes(of: template) else { return nil }
        self.nodes = nodes
    }

    /// `context` rendered, nil when a value needs swift-mustache's own renderer.
    func render(_ context: TemplateContext) -> String? {
        var output = ""
        output.reserveCapacity(128)
        var stack = Stack(root: context)
        return Self.render(nodes, stack: &stack, into: &output) ? output : nil
    }

    /// The values in scope: the cell's context, then the values of enclosing sections.
    private struct Stack {
        let root: TemplateContext
        var pushed: [Any] = []
    }

    // MARK: Compiling

    private static func nodes(of template: MustacheTemplate) -> [Node]? {
        guard let tokens = MustacheToken.tokens(of: template) else { return nil }
        var nodes: [Node] = []
        for token in tokens {
            guard let node = node(of: token) else { return nil }
            nodes.append(node)
        }
        return nodes
    }

    private static func node(of token: MustacheToken) -> Node? {
        if token.kind == "text" {
            return (token.payload as? String).map(Node.text)
        }
        guard let rawName = token.fields["name"] as? String, (token.fields["transforms"] as? [String])?.isEmpty == true,
            let name = Name(rawName)
        else { return nil }
        switch token.kind {
        case "variable": return .variable(name, escaped: true)
        case "unescapedVariable": return .variable(name, escaped: false)
        case "section", "invertedSection":
            guard let template = token.fields["template"] as? MustacheTemplate, let children = nodes(of: template) else { return nil }
            return .section(name, inverted: token.kind == "invertedSection", children)
        default: return nil
        }
    }

    // MARK: Rendering

    private static func render(_ nodes: [Node], stack: inout Stack, into output: inout String) -> Bool {
        for node in nodes {
            switch node {
            case .text(let text):
                output += text
            case .variable(let name, let escaped):
                guard let value = lookUp(name, in: stack) else { continue }
                if let text = value as? String {
                    output += escaped ? HTML.escape(text) : text
                    continue
                }
                guard let value = represented(value) else { continue }
                guard let text = text(of: value) else { return false }
                output += escaped ? HTML.escape(text) : text
            case .section(let name, let inverted, let children):
                let value = represented(lookUp(name, in: stack))
                guard isPlain(value) else { return false }
                let rendered =
                    inverted
                    ? renderInverted(children, value: value, stack: &stack, into: &output)
                    : renderSection(children, value: value, stack: &stack, into: &output)
                guard rendered else { return false }
            }
        }
        return true
    }

    private static func renderSection(_ nodes: [Node], value: Any?, stack: inout Stack, into output: inout String) -> Bool {
        switch value {
        case let sequence as any MustacheSequence:
            for element in elements(of: sequence) {
                guard render(nodes, pushing: element, on: &stack, into: &output) else { return false }
            }
            return true
        case let flag as Bool:
            return !flag || render(nodes, stack: &stack, into: &output)
        case .some(let object):
            return render(nodes, pushing: object, on: &stack, into: &output)
        case .none:
            return true
        }
    }

    private static func renderInverted(_ nodes: [Node], value: Any?, stack: inout Stack, into output: inout String) -> Bool {
        switch value {
        case let sequence as any MustacheSequence:
            return !elements(of: sequence).isEmpty || render(nodes, pushing: sequence, on: &stack, into: &output)
        case let flag as Bool:
            return flag || render(nodes, stack: &stack, into: &output)
        case .some:
            return true
        case .none:
            return render(nodes, stack: &stack, into: &output)
        }
    }

    private static func render(_ nodes: [Node], pushing object: Any, on stack: inout Stack, into output: inout String) -> Bool {
        stack.pushed.append(object)
        defer { stack.pushed.removeLast() }
        return render(nodes, stack: &stack, into: &output)
    }

    private static func elements(of sequence: some Sequence) -> [Any] {
        sequence.map { $0 as Any }
    }

    /// The value `name` stands for: its first key from the top of the stack down, the
    /// other keys inside that value (as swift-mustache looks names up).
    private static func lookUp(_ name: Name, in stack: Stack) -> Any? {
        guard let first = name.keys.first else { return stack.pushed.last ?? stack.root }
        guard var value = stack.pushed.reversed().lazy.compactMap({ child(named: first, of: $0) }).first ?? stack.root.child(named: first) else {
            return nil
        }
        for key in name.keys.dropFirst() {
            guard let next = child(named: key, of: value) else { return nil }
            value = next
        }
        return value
    }

    /// A looked-up value as swift-mustache sees it: its custom representation, if any.
    private static func represented(_ value: Any?) -> Any? {
        guard let value, !(value is String) else { return value }
        return (value as? any MustacheCustomRepresentation).map(\.representation) ?? value
    }

    private static func child(named name: String, of object: Any) -> Any? {
        let object = (object as? any MustacheCustomRepresentation).map(\.representation) ?? object
        if let parent = object as? any MustacheParent {
            return parent.child(named: name)
        }
        guard let object, let value = Mirror(reflecting: object).children.first(where: { $0.label == name })?.value else {
            return nil
        }
        guard let optional = value as? any OptionalValue else { return value }
        return optional.wrappedValue
    }

    /// The text of a plain value; nil for values swift-mustache renders its own way.
    private static func text(of value: Any) -> String? {
        switch value {
        case let string as String: string
        case let optional as any OptionalValue: optional.wrappedValue.map { String(describing: $0) } ?? String(describing: value)
        case _ where !isPlain(value): nil
        default: String(describing: value)
        }
    }

    private static func isPlain(_ value: Any?) -> Bool {
        !(value is MustacheTemplate || value is MustacheLambda || value is any MustacheCustomRenderable)
    }
}
