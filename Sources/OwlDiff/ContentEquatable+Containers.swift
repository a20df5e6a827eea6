/// Optionals compare their content as DifferenceKit's do: two nils are equal, a nil and a
/// value are not, two values compare with the wrapped type's content equality.
extension Optional: ContentEquatable where Wrapped: ContentEquatable {
    /// Whether both are nil, or both hold values of equal content.
    @inlinable
    public func isContentEqual(to source: Wrapped?) -> Bool {
        switch (self, source) {
        case (nil, nil):
            true
        case let (value?, source?):
            value.isContentEqual(to: source)
        default:
            false
        }
    }
}

/// Arrays compare their content element by element, as DifferenceKit's do.
extension Array: ContentEquatable where Element: ContentEquatable {
    /// Whether both have as many elements and each pair has equal content.
    @inlinable
    public func isContentEqual(to source: [Element]) -> Bool {
        count == source.count && zip(self, source).allSatisfy { $0.isContentEqual(to: $1) }
    }
}
