/// Where an adapter's cells or views get their Mustache template: Owl's load source.
public enum CellTemplate: Hashable, Sendable {
    /// The template named after the type in the director's templates
    /// (`cells/ContactCell` for a cell, `views/ContactsHeader` for a header or footer view),
    /// or the type's own code when it is an ``HTMLRenderingCell``.
    case automatic
    /// Another template of the director's templates, by name (`cells/Compact`).
    case named(String)
    /// A template file at this path.
    case file(String)
    /// The template text itself.
    case inline(String)
}
