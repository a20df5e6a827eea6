/// The two list operations of a replay: taking positions out, and putting values in at
/// ascending target positions. `invalid` names a bad position in the error thrown.
@usableFromInline
internal enum Splicing {
    /// `values` without the given positions, all read before any is removed.
    @inlinable
    internal static func removing<T>(
        _ positions: some Sequence<Int>, from values: ContiguousArray<T>, invalid: (Int) -> ReplayError
    ) throws(ReplayError) -> ContiguousArray<T> {
        var removed = [Bool](repeating: false, count: values.count)
        for position in positions {
            guard values.indices.contains(position), !removed[position] else { throw invalid(position) }
            removed[position] = true
        }
        var kept = ContiguousArray<T>()
        kept.reserveCapacity(values.count)
        for position in values.indices where !removed[position] { kept.append(values[position]) }
        return kept
    }

    /// `values` with each placement put at its target, in ascending target order.
    @inlinable
    internal static func placing<T>(
        _ placements: [(target: Int, value: T)], into values: ContiguousArray<T>, invalid: (Int) -> ReplayError
    ) throws(ReplayError) -> ContiguousArray<T> {
        let count = values.count + placements.count
        var placed = [T?](repeating: nil, count: count)
        for placement in placements {
            guard placed.indices.contains(placement.target), placed[placement.target] == nil else {
                throw invalid(placement.target)
            }
            placed[placement.target] = placement.value
        }
        var result = ContiguousArray<T>()
        result.reserveCapacity(count)
        var remaining = values.makeIterator()
        for slot in placed {
            if let value = slot ?? remaining.next() { result.append(value) }
        }
        return result
    }
}
