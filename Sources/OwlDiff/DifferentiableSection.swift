/// A section of a sectioned collection: an identifiable value holding elements.
///
/// The section's own ``ContentEquatable/isContentEqual(to:)`` compares the section
/// alone (its model); changes of its elements are diffed element by element.
public protocol DifferentiableSection: Differentiable {
    /// The type of ``elements``.
    associatedtype Collection: Swift.Collection where Collection.Element: Differentiable

    /// The elements of the section, in order.
    var elements: Collection { get }

    /// A section like `source` (same identifier and content) holding `elements`.
    init<C: Swift.Collection>(source: Self, elements: C) where C.Element == Collection.Element
}
