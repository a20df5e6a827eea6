/// Typed values read as ``DynamicValue`` reads their ``TemplateValue/anyValue``, without casts.
extension TemplateValue: RenderedValues {
    static func child(named name: String, of object: TemplateValue) -> TemplateValue? {
        object[name]
    }

    static func text(of value: TemplateValue) -> String {
        switch value {
        case .text(let text): text
        case .number(let number): String(number)
        case .decimal(let number): number.description
        case .flag(let flag): flag ? "true" : "false"
        case .list, .map: String(describing: value.anyValue)
        }
    }

    static func section(_ value: TemplateValue?) -> SectionKind<TemplateValue> {
        switch value {
        case nil: .nothing
        case .flag(let flag)?: .flag(flag)
        case .list(let elements)?: .elements(elements)
        case let value?: .object(value)
        }
    }

    /// Typed renderings have no cell context.
    static func value(ofCell value: Any) -> TemplateValue? { nil }

    static func represented(_ value: TemplateValue?) -> TemplateValue? { value }
}
