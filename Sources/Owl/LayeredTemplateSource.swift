/// Several template sources, the first holding a name wins: user templates over a theme.
public struct LayeredTemplateSource: TemplateSource {
    /// The sources, most specific first.
    public let layers: [any TemplateSource]

    /// Looks in `layers` in order.
    public init(_ layers: [any TemplateSource]) {
        self.layers = layers
    }

    public var location: String {
        layers.map(\.location).joined(separator: ", ")
    }

    public func text(ofTemplate name: String) throws -> String? {
        for layer in layers {
            if let text = try layer.text(ofTemplate: name) {
                return text
            }
        }
        return nil
    }
}
