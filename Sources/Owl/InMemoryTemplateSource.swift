/// Templates held in memory, by name: for tests, inline themes and bundled resources.
public struct InMemoryTemplateSource: TemplateSource {
    /// Template texts by name.
    public let templates: [String: String]

    /// Templates with these names and texts.
    public init(_ templates: [String: String]) {
        self.templates = templates
    }

    /// "templates in memory".
    public var location: String { "templates in memory" }

    /// The text registered under `name`.
    public func text(ofTemplate name: String) throws -> String? {
        templates[name]
    }
}
