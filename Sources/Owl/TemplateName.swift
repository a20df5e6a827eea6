/// A variable or section name of a template, split once as swift-mustache splits it on
/// every lookup.
struct TemplateName: Sendable {
    /// Whether the first key is looked up in the innermost value only (`.a.b`), rather than
    /// in the innermost value that has it (`a.b`).
    let innermostOnly: Bool
    /// The dot-separated keys, empty parts left out; none for `.`, the innermost value itself.
    let keys: [String]

    init(_ name: String) {
        innermostOnly = name.first == "."
        keys = name.split(separator: ".").map(String.init)
    }
}
