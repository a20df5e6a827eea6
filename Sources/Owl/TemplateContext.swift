import Mustache

/// What a cell or view template sees: the stored properties of the cell, then `link`.
///
/// Properties are read once per cell (through `MustacheParent` when the cell provides
/// it, otherwise by reflection), so a template's lookups cost no reflection each.
struct TemplateContext: MustacheParent {
    private let properties: [(name: String, value: Any)]
    private let parent: (any MustacheParent)?
    private let link: String?

    init(_ cell: Any, link: String?) {
        self.link = link
        if let parent = cell as? any MustacheParent {
            self.parent = parent
            self.properties = []
        } else {
            self.parent = nil
            self.properties = Mirror(reflecting: cell).children.compactMap { child in
                guard let name = child.label, let value = unwrapped(child.value) else { return nil }
                return (name, value)
            }
        }
    }

    func child(named name: String) -> Any? {
        if let parent {
            if let value = parent.child(named: name) {
                return unwrapped(value)
            }
        } else if let property = properties.first(where: { $0.name == name }) {
            return property.value
        }
        return name == "link" ? link : nil
    }
}

/// `value` without its optional wrapping; nil for an empty optional.
private func unwrapped(_ value: Any) -> Any? {
    guard let optional = value as? any OptionalValue else { return value }
    return optional.wrappedValue.flatMap(unwrapped)
}

private protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrappedValue: Any? { self.map { $0 as Any } }
}
