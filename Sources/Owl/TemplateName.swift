/// A variable or section name of a template, split once as swift-mustache splits it on
/// every lookup.
public struct TemplateName: Sendable, Equatable {
    /// The name as the template writes it (`post.title`, `.`).
    public let text: String
    /// Whether the first key is looked up in the innermost value only (`.a.b`), rather than
    /// in the innermost value that has it (`a.b`).
    let innermostOnly: Bool
    /// The dot-separated keys, empty parts left out; none for `.`, the innermost value itself.
    let keys: [String]

    /// The name `name`, as a template writes it.
    public init(_ name: String) {
        text = name
        innermostOnly = name.first == "."
        keys = name.split(separator: ".").map(String.init)
    }
}
