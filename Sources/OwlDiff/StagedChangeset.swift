/// The changes that turn one collection into another, as ordered stages.
///
/// Built with `init(source:target:)` for linear collections of ``Differentiable``
/// elements and for collections of ``DifferentiableSection``s. Stages follow
/// DifferenceKit's order, empty stages are left out, each stage's
/// ``Changeset/data`` is the data after it, and the last one's is the target.
public struct StagedChangeset<Collection: Swift.Collection> {
    @usableFromInline
    internal var changesets: ContiguousArray<Changeset<Collection>>

    /// The given stages, in order.
    @inlinable
    public init<C: Swift.Collection>(_ changesets: C) where C.Element == Changeset<Collection> {
        self.changesets = ContiguousArray(changesets)
    }
}

extension StagedChangeset: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    /// No stages: the source already is the target.
    @inlinable
    public init() {
        changesets = []
    }

    /// The index of the first stage.
    @inlinable
    public var startIndex: Int {
        changesets.startIndex
    }

    /// The index past the last stage.
    @inlinable
    public var endIndex: Int {
        changesets.endIndex
    }

    /// The stage at `position`.
    @inlinable
    public subscript(position: Int) -> Changeset<Collection> {
        get { changesets[position] }
        set { changesets[position] = newValue }
    }

    /// Replaces the stages in `subrange` with `newElements`.
    @inlinable
    public mutating func replaceSubrange<C: Swift.Collection>(
        _ subrange: Range<Int>, with newElements: C
    ) where C.Element == Changeset<Collection> {
        changesets.replaceSubrange(subrange, with: newElements)
    }
}

extension StagedChangeset {
    /// Whether any stage has a change (stages built by `init(source:target:)` always do;
    /// there are none when source and target are the same).
    @inlinable
    public var hasChanges: Bool {
        changesets.contains { $0.hasChanges }
    }

    /// `source` with every stage applied in turn by `apply`, each to the data the stage
    /// before it left: the loop of both kinds of `applied(to:)`.
    @inlinable
    internal func replayed(
        on source: Collection, by apply: (Changeset<Collection>, Collection) throws(ReplayError) -> Collection
    ) throws(ReplayError) -> Collection {
        var data = source
        for stage in changesets {
            data = try apply(stage, data)
        }
        return data
    }
}

extension StagedChangeset: ExpressibleByArrayLiteral {
    /// The listed stages, in order.
    @inlinable
    public init(arrayLiteral elements: Changeset<Collection>...) {
        self.init(elements)
    }
}

extension StagedChangeset: Sendable where Collection: Sendable {}
extension StagedChangeset: Equatable where Collection: Equatable {}

extension StagedChangeset: CustomDebugStringConvertible {
    /// Every stage, in order.
    public var debugDescription: String {
        "[\n" + changesets.map(\.debugDescription).joined(separator: ",\n") + "\n]"
    }
}
