/// Strings as models, as Owl allows: a string is its own identifier and content.
extension String: ElementRepresentable {}

/// Integers as models, as Owl allows: the identifier is the number in decimal.
extension Int: ElementRepresentable {
    /// The number in decimal.
    public var differenceIdentifier: String { String(self) }
}
