/// Numbers difference identifiers 0, 1, 2, … so the diff works on integers.
///
/// An open-addressing table of 8-byte slots, each holding the upper half of an
/// identifier's hash and its number: every identifier is hashed once, probes compare
/// integers in a compact array, and identifiers themselves are compared only when their
/// hash tags agree. Hashes are computed in a pass of their own so the probes of
/// consecutive elements overlap their memory accesses.
@usableFromInline
internal struct IdentifierTable<Identifier: Hashable> {
    /// Per slot: hash tag in the upper 32 bits, number + 1 in the lower (0 when empty).
    @usableFromInline
    internal var slots: [UInt64]

    /// The first identifier seen with each number.
    @usableFromInline
    internal var identifiers: ContiguousArray<Identifier> = []

    @usableFromInline
    internal let mask: Int

    /// The numbers of the identifiers of `source` (new ones numbered in order of first
    /// appearance) and of `target` (-1 for one that `source` lacks), and how many there are.
    /// Both are read part after part, as if laid end to end.
    @inlinable
    internal static func keys<Value>(
        source: ContiguousArray<ContiguousArray<Value>>, target: ContiguousArray<ContiguousArray<Value>>,
        _ identifier: (Value) -> Identifier
    ) -> (source: [Int], target: [Int], count: Int) {
        var table = IdentifierTable(capacity: source.reduce(0) { $0 + $1.count })
        let sourceKeys = table.intern(source, identifier)
        return (sourceKeys, table.lookUp(target, identifier), table.identifiers.count)
    }

    /// Each position's own number on both sides, when `source` and `target` have the same
    /// identifiers in the same order and parts; nil as soon as they differ.
    ///
    /// First-in-first-out matching pairs the n-th occurrence of an identifier in the source
    /// with its n-th occurrence in the target, which for equal sequences is the element at
    /// the same position, repeated identifiers included. So numbering positions gives the
    /// matching that numbering identifiers gives, with one comparison an element instead
    /// of two hashes and two probes. It is the diff of an edit that changes what cells
    /// show but not which cells there are: a retitled post in a list of 10,000 took 72
    /// million instructions to number by hashing, of the 1,058 million of the whole
    /// rebuild (callgrind). Sides that differ stop the comparison at their first
    /// difference; at worst, a difference in the last element, the comparisons add
    /// about a tenth to the numbering by hashing.
    @inlinable
    internal static func positionalKeys<Value>(
        source: ContiguousArray<ContiguousArray<Value>>, target: ContiguousArray<ContiguousArray<Value>>,
        _ identifier: (Value) -> Identifier
    ) -> (source: [Int], target: [Int], count: Int)? {
        guard source.count == target.count else { return nil }
        var count = 0
        for (sourcePart, targetPart) in zip(source, target) {
            guard sourcePart.count == targetPart.count else { return nil }
            for (sourceValue, targetValue) in zip(sourcePart, targetPart) {
                guard identifier(sourceValue) == identifier(targetValue) else { return nil }
            }
            count += sourcePart.count
        }
        let keys = Array(0..<count)
        return (keys, keys, count)
    }

    /// A table with room for `capacity` identifiers, at most half full.
    @inlinable
    internal init(capacity: Int) {
        var slotCount = 16
        while slotCount < capacity * 2 { slotCount *= 2 }
        slots = [UInt64](repeating: 0, count: slotCount)
        identifiers.reserveCapacity(capacity)
        mask = slotCount - 1
    }

    /// The upper 32 bits of a hash.
    @inlinable
    internal static func tag(_ hash: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: hash) & 0xFFFF_FFFF_0000_0000
    }

    /// The slot holding `identifier`, or the empty slot where it belongs.
    @inlinable
    internal func slot(of identifier: Identifier, hash: Int) -> Int {
        let tag = Self.tag(hash)
        var slot = hash & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return slot }
            if entry & 0xFFFF_FFFF_0000_0000 == tag
                && identifiers[Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) &- 1] == identifier {
                return slot
            }
            slot = (slot &+ 1) & mask
        }
    }

    /// The numbers of the identifiers of `values`, numbering new ones; `values` holds at
    /// most as many identifiers as the table has room for.
    @inlinable
    internal mutating func intern<Value>(
        _ parts: ContiguousArray<ContiguousArray<Value>>, _ identifier: (Value) -> Identifier
    ) -> [Int] {
        let hashes = Self.hashes(of: parts, identifier)
        var keys = [Int](repeating: 0, count: hashes.count)
        var index = 0
        for values in parts {
            for value in values {
                let id = identifier(value)
                let slot = slot(of: id, hash: hashes[index])
                if slots[slot] == 0 {
                    identifiers.append(id)
                    slots[slot] = Self.tag(hashes[index]) | UInt64(identifiers.count)
                }
                keys[index] = Int(truncatingIfNeeded: slots[slot] & 0xFFFF_FFFF) &- 1
                index += 1
            }
        }
        return keys
    }

    /// The numbers of the identifiers of `values`, -1 for those not in the table.
    @inlinable
    internal func lookUp<Value>(
        _ parts: ContiguousArray<ContiguousArray<Value>>, _ identifier: (Value) -> Identifier
    ) -> [Int] {
        let hashes = Self.hashes(of: parts, identifier)
        var keys = [Int](repeating: -1, count: hashes.count)
        var index = 0
        for values in parts {
            for value in values {
                let slot = slot(of: identifier(value), hash: hashes[index])
                keys[index] = Int(truncatingIfNeeded: slots[slot] & 0xFFFF_FFFF) &- 1
                index += 1
            }
        }
        return keys
    }

    /// The hash of every identifier, part after part.
    @inlinable
    internal static func hashes<Value>(
        of parts: ContiguousArray<ContiguousArray<Value>>, _ identifier: (Value) -> Identifier
    ) -> [Int] {
        var hashes: [Int] = []
        hashes.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for values in parts {
            for value in values { hashes.append(identifier(value).hashValue) }
        }
        return hashes
    }
}
