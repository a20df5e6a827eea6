/// Several template sources, the first holding a name wins: user templates over a theme.
public struct LayeredTemplateSource: TemplateSource {
    /// The sources, most specific first.
    public let layers: [any TemplateSource]

    /// Looks in `layers` in order.
    public init(_ layers: [any TemplateSource]) {
        self.layers = layers
    }

    /// The layers' locations, in order.
    public var location: String {
        layers.map(\.location).joined(separator: ", ")
    }

    /// Where each layer looks for `name`, in order.
    public func location(ofTemplate name: String) -> String {
        layers.map { $0.location(ofTemplate: name) }.joined(separator: ", ")
    }

    /// The text from the first layer that has `name`.
    public func text(ofTemplate name: String) throws -> String? {
        for layer in layers {
            if let text = try layer.text(ofTemplate: name) {
                return text
            }
        }
        return nil
    }
}
