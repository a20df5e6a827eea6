import Mustache

/// A Mustache template recompiled from swift-mustache's own parse into a tree that renders
/// the common subset (text, variables, sections, inverted sections, partials) without
/// splitting names, reflecting or casting to protocols for the value types templates
/// usually get.
///
/// swift-mustache stays the parser (so whitespace rules and errors are its own) and the
/// renderer of everything else: templates with inheritance, blocks, transforms, dynamic
/// partials or pragmas do not compile, and values this renderer does not know (lambdas,
/// custom renderables) make rendering throw ``NeedsSwiftMustache`` so the caller falls back.
///
/// Its nodes are public so that a caller can keep a library's compiled forms between runs
/// and make the library again without parsing (``TemplateLibrary/init(texts:compiled:)``):
/// parsing and compiling a theme of some forty templates takes longer than everything else
/// a one-page rebuild of a small site does.
public struct CompiledTemplate: Sendable, Equatable {
    /// One piece of a template.
    public indirect enum Node: Sendable, Equatable {
        /// Text written as it is.
        case text(String)
        /// `{{name}}` (escaped) or `{{{name}}}` / `{{& name}}` (not).
        case variable(TemplateName, escaped: Bool)
        /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
        case section(TemplateName, inverted: Bool, [Node])
        /// `{{> name}}`, with the indentation swift-mustache gives a partial on a line of its own.
        case partial(String, indentation: String)
    }

    /// The template's pieces, in order.
    public let nodes: [Node]

    /// The compiled form made of `nodes`, as an earlier compiled form had them.
    public init(nodes: [Node]) {
        self.nodes = nodes
    }

    /// The compiled form of `template`, nil when it uses more than the subset.
    init?(_ template: MustacheTemplate) {
        guard let nodes = Self.nodes(of: template) else { return nil }
        self.nodes = nodes
    }

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
        switch token.kind {
        case "text":
            return (token.payload as? String).map(Node.text)
        case "partial":
            guard let name = token.fields[".0"] as? String, case .some(.none) = token.optionalField("inherits"),
                case .some(let indentation) = token.optionalField("indentation")
            else { return nil }
            return ((indentation ?? "") as? String).map { .partial(name, indentation: $0) }
        default:
            break
        }
        guard let rawName = token.fields["name"] as? String, (token.fields["transforms"] as? [String])?.isEmpty == true else { return nil }
        let name = TemplateName(rawName)
        switch token.kind {
        case "variable": return .variable(name, escaped: true)
        case "unescapedVariable": return .variable(name, escaped: false)
        case "section", "invertedSection":
            guard let template = token.fields["template"] as? MustacheTemplate, let children = nodes(of: template) else { return nil }
            return .section(name, inverted: token.kind == "invertedSection", children)
        default: return nil
        }
    }
}

extension CompiledTemplate {
    /// The same template made of nodes, names and texts of its own (``TemplateLibrary/unshared``).
    var unshared: CompiledTemplate {
        CompiledTemplate(nodes: nodes.map(\.unshared))
    }
}

extension CompiledTemplate.Node {
    /// The same node made of a box, names and texts of its own.
    var unshared: Self {
        switch self {
        case let .text(text):
            .text(text.unshared)
        case let .variable(name, escaped):
            .variable(TemplateName(name.text.unshared), escaped: escaped)
        case let .section(name, inverted, children):
            .section(TemplateName(name.text.unshared), inverted: inverted, children.map(\.unshared))
        case let .partial(name, indentation):
            .partial(name.unshared, indentation: indentation.unshared)
        }
    }
}

extension String {
    /// The same text in storage of its own (a short one is stored in place anyway).
    var unshared: String {
        String(decoding: Array(utf8), as: UTF8.self)
    }
}
