import Mustache

/// What a cell or view template sees: the stored properties of the cell, then `link`.
///
/// Properties are read once per cell (by reflection, unless the cell is a
/// ``TemplateValueProvider``), so a template's lookups cost no reflection each.
struct TemplateContext: MustacheParent {
    private let properties: [(name: String, value: Any)]
    private let provider: (any TemplateValueProvider)?
    private let link: String?

    init(_ cell: Any, link: String?) {
        self.link = link
        if let provider = cell as? any TemplateValueProvider {
            self.provider = provider
            self.properties = []
        } else {
            self.provider = nil
            self.properties = Mirror(reflecting: cell).children.compactMap { child in
                guard let name = child.label, let value = unwrapped(child.value) else { return nil }
                return (name, value)
            }
        }
    }

    func child(named name: String) -> Any? {
        if let provider {
            if let value = provider.templateValue(forKey: name) {
                return value is String ? value : unwrapped(value)
            }
        } else if let property = properties.first(where: { $0.name == name }) {
            return property.value
        }
        return name == "link" ? link : nil
    }
}
