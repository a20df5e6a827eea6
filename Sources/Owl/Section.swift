/// A section of a list: an identifier, elements of any model types, and an optional
/// header and footer. Owl's `TableSection`, a reference shared with its director.
public final class Section {
    /// The section's identifier, its `data-owl-section` marker.
    public let id: String
    /// The section's elements, in order.
    public var elements: [any ElementRepresentable]
    /// Text or a view above the elements.
    public var header: HeaderFooter?
    /// Text or a view below the elements.
    public var footer: HeaderFooter?

    /// A section called `id`.
    public init(
        id: String,
        elements: [any ElementRepresentable] = [],
        header: HeaderFooter? = nil,
        footer: HeaderFooter? = nil
    ) {
        self.id = id
        self.elements = elements
        self.header = header
        self.footer = footer
    }
}
