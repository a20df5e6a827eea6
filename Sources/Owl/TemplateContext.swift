import Mustache

/// What a cell or view template sees: the values of the cell, then `link`.
///
/// A ``TemplateValueProvider`` (or a swift-mustache `MustacheParent`) cell hands over its
/// values itself; any other cell has its stored properties read once by reflection, so
/// a template's lookups cost no reflection each.
final class TemplateContext: MustacheParent {
    private enum Values {
        case provider(any TemplateValueProvider)
        case parent(any MustacheParent)
        case properties([(name: String, value: Any)])
    }

    private let values: Values
    private let link: String?

    init(_ cell: some Any, link: String?) {
        self.link = link
        if let provider = cell as? any TemplateValueProvider {
            values = .provider(provider)
        } else if let parent = cell as? any MustacheParent {
            values = .parent(parent)
        } else {
            values = .properties(
                Mirror(reflecting: cell).children.compactMap { child in
                    guard let name = child.label, let value = unwrapped(child.value) else { return nil }
                    return (name, value)
                })
        }
    }

    func child(named name: String) -> Any? {
        let value: Any?
        switch values {
        case .provider(let provider): value = provider.templateValue(forKey: name)
        case .parent(let parent): value = parent.child(named: name)
        case .properties(let properties): value = properties.first { $0.name == name }?.value
        }
        if let value {
            return value is String ? value : unwrapped(value)
        }
        return name == "link" ? link : nil
    }
}
