extension Changeset where Collection: RangeReplaceableCollection, Collection.Element: Differentiable {
    /// Applies this stage's changes to `previous`, the data of the stage before it,
    /// by the procedure of docs/formats.md §4: updates, deletes, then moved elements
    /// taken out and inserted or moved ones put at ascending target indices.
    ///
    /// For a stage of a ``StagedChangeset``, the result equals ``data``. Inserted and
    /// updated elements are read from ``data``; everything else from `previous`.
    @inlinable
    public func applied(to previous: Collection) throws(ReplayError) -> Collection {
        let new = ContiguousArray(data)
        let invalid = { ReplayError.invalidElement(ElementPath(element: $0, section: 0)) }
        var elements = ContiguousArray(previous)
        for update in elementUpdated {
            guard elements.indices.contains(update.element), new.indices.contains(update.element) else {
                throw .invalidElement(update)
            }
            elements[update.element] = new[update.element]
        }
        elements = try Splicing.removing(elementDeleted.lazy.map(\.element), from: elements, invalid: invalid)
        var placements: [(target: Int, value: Collection.Element)] = []
        for move in elementMoved {
            guard elements.indices.contains(move.source.element) else { throw .invalidElement(move.source) }
            placements.append((move.target.element, elements[move.source.element]))
        }
        for insert in elementInserted {
            guard new.indices.contains(insert.element) else { throw .invalidElement(insert) }
            placements.append((insert.element, new[insert.element]))
        }
        elements = try Splicing.removing(elementMoved.lazy.map(\.source.element), from: elements, invalid: invalid)
        return Collection(try Splicing.placing(placements, into: elements, invalid: invalid))
    }
}
