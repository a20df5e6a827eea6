/// A type whose values can tell whether their content changed.
///
/// Two values with the same ``ContentIdentifiable/differenceIdentifier`` but different
/// content become an update in a ``StagedChangeset``.
public protocol ContentEquatable {
    /// Whether this value has the same content as `source`, its earlier version.
    func isContentEqual(to source: Self) -> Bool
}

extension ContentEquatable where Self: Equatable {
    /// Equatable values compare their content with `==`.
    @inlinable
    public func isContentEqual(to source: Self) -> Bool {
        self == source
    }
}
