/// An optional seen through `Any`.
protocol OptionalValue {
    /// The wrapped value, nil when empty.
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedValue: Any? { self.map { $0 as Any } }
}

/// `value` without its optional wrappings; nil for an empty optional.
func unwrapped(_ value: Any) -> Any? {
    guard let optional = value as? any OptionalValue else { return value }
    return optional.wrappedValue.flatMap(unwrapped)
}
