import Mustache

/// One token of a template as swift-mustache parsed it. The library keeps its tokens
/// internal, so they are read by reflection, once per template; a token that does not read
/// as expected makes the callers fall back to swift-mustache's own rendering.
struct MustacheToken {
    /// The token's case: `text`, `variable`, `unescapedVariable`, `section`, `partial`…
    let kind: String
    /// The case's payload: the text of a `text` token.
    let payload: Any
    /// The payload's fields by label (`name`, `transforms`, `template`; `.0` when unlabelled).
    let fields: [String: Any]

    /// The field `label` when it holds an optional: its wrapped value, or `.some(nil)` when
    /// empty; nil when there is no such field or it is not optional.
    func optionalField(_ label: String) -> Any?? {
        guard let value = fields[label] else { return nil }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return nil }
        return .some(mirror.children.first?.value)
    }

    /// The tokens of `template`, nil if they cannot be read.
    static func tokens(of template: MustacheTemplate) -> [MustacheToken]? {
        guard let tokens = Mirror(reflecting: template).children.first(where: { $0.label == "tokens" })?.value as? [Any] else {
            return nil
        }
        var result: [MustacheToken] = []
        for token in tokens {
            guard let payload = Mirror(reflecting: token).children.first, let kind = payload.label else { return nil }
            let fields = Mirror(reflecting: payload.value).children.compactMap { child in child.label.map { ($0, child.value) } }
            result.append(MustacheToken(kind: kind, payload: payload.value, fields: Dictionary(fields) { first, _ in first }))
        }
        return result
    }

    /// The names of the partials `template` includes (`{{> name}}`), at any depth.
    static func partialNames(of template: MustacheTemplate) -> Set<String> {
        var names: Set<String> = []
        for token in tokens(of: template) ?? [] {
            if token.kind == "partial", let name = token.fields[".0"] as? String {
                names.insert(name)
            }
            for value in token.fields.values {
                let nested = (value as? MustacheTemplate).map { [$0] } ?? (value as? [String: MustacheTemplate]).map { Array($0.values) } ?? []
                for template in nested {
                    names.formUnion(partialNames(of: template))
                }
            }
        }
        return names
    }
}
