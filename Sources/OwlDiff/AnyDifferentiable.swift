/// A type-erased ``Differentiable`` value: DifferenceKit's `AnyDifferentiable`, for mixing
/// element types in one collection.
///
/// Two wrapped values are the same element when their identifiers are equal (identifiers of
/// different types never are), and have equal content when they are of the same type and
/// that type's ``ContentEquatable/isContentEqual(to:)`` says so.
public struct AnyDifferentiable: Differentiable {
    /// The wrapped value.
    public let base: Any
    /// The wrapped value's identifier.
    public let differenceIdentifier: AnyHashable

    private let contentEqual: (AnyDifferentiable) -> Bool

    /// Wraps `base`; wrapping an `AnyDifferentiable` keeps the value it already wraps.
    public init<Base: Differentiable>(_ base: Base) {
        if let wrapped = base as? AnyDifferentiable {
            self = wrapped
            return
        }
        self.base = base
        differenceIdentifier = AnyHashable(base.differenceIdentifier)
        contentEqual = { source in
            guard let source = source.base as? Base else { return false }
            return base.isContentEqual(to: source)
        }
    }

    /// Whether the wrapped values are of one type and have equal content.
    public func isContentEqual(to source: AnyDifferentiable) -> Bool {
        contentEqual(source)
    }
}

extension AnyDifferentiable: CustomDebugStringConvertible {
    /// The wrapped value.
    public var debugDescription: String {
        "AnyDifferentiable(\(String(reflecting: base)))"
    }
}
