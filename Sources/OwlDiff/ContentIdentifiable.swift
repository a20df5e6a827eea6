/// A type whose values carry an identity that survives changes to their content.
public protocol ContentIdentifiable {
    /// The type of ``differenceIdentifier``.
    associatedtype DifferenceIdentifier: Hashable

    /// What makes this value the same value in two versions of a collection.
    var differenceIdentifier: DifferenceIdentifier { get }
}

extension ContentIdentifiable where Self: Hashable {
    /// A Hashable value is its own identifier.
    @inlinable
    public var differenceIdentifier: Self {
        self
    }
}
