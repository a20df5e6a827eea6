/// Numbers difference identifiers 0, 1, 2, … so the diff works on integers and hashes
/// each identifier once.
@usableFromInline
internal struct IdentifierTable<Identifier: Hashable> {
    @usableFromInline
    internal var keys: [Identifier: Int]

    @inlinable
    internal init(capacity: Int) {
        keys = Dictionary(minimumCapacity: capacity)
    }

    /// How many identifiers are numbered.
    @inlinable
    internal var count: Int {
        keys.count
    }

    /// The number of `identifier`, numbering it when it is new.
    @inlinable
    internal mutating func intern(_ identifier: Identifier) -> Int {
        let next = keys.count
        return Self.read(&keys[identifier, default: next])
    }

    /// The number of `identifier`, or -1 when it has none.
    @inlinable
    internal func key(of identifier: Identifier) -> Int {
        keys[identifier] ?? -1
    }

    /// Reads through an inout access, so the defaulted subscript stores a new key with
    /// the same single lookup.
    @inlinable
    internal static func read(_ value: inout Int) -> Int {
        value
    }
}
