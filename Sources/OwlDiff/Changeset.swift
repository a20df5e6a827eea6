/// One stage of a ``StagedChangeset``: a set of changes of one kind-group, and the
/// collection as it is once they are applied.
///
/// Indices follow DifferenceKit: deletes, update sources and move sources refer to the
/// data of the stage before; inserts, move targets and section updates to ``data``.
/// Element updates come first and are addressed in the source, whose positions they
/// do not change.
public struct Changeset<Collection: Swift.Collection> {
    /// The collection after this stage.
    public var data: Collection

    /// Deleted sections, by index in the previous stage's data, ascending.
    public var sectionDeleted: [Int]

    /// Inserted sections, by index in ``data``, ascending.
    public var sectionInserted: [Int]

    /// Sections whose own content changed, by index in ``data``, ascending.
    public var sectionUpdated: [Int]

    /// Moved sections: index in the previous stage's data, index in ``data``.
    public var sectionMoved: [(source: Int, target: Int)]

    /// Deleted elements, by path in the previous stage's data, ascending.
    public var elementDeleted: [ElementPath]

    /// Inserted elements, by path in ``data``, ascending.
    public var elementInserted: [ElementPath]

    /// Elements whose content changed, by path in the previous stage's data, ascending.
    public var elementUpdated: [ElementPath]

    /// Moved elements: path in the previous stage's data, path in ``data``.
    public var elementMoved: [(source: ElementPath, target: ElementPath)]

    /// A stage with `data` and the given changes.
    @inlinable
    public init(
        data: Collection,
        sectionDeleted: [Int] = [],
        sectionInserted: [Int] = [],
        sectionUpdated: [Int] = [],
        sectionMoved: [(source: Int, target: Int)] = [],
        elementDeleted: [ElementPath] = [],
        elementInserted: [ElementPath] = [],
        elementUpdated: [ElementPath] = [],
        elementMoved: [(source: ElementPath, target: ElementPath)] = []
    ) {
        self.data = data
        self.sectionDeleted = sectionDeleted
        self.sectionInserted = sectionInserted
        self.sectionUpdated = sectionUpdated
        self.sectionMoved = sectionMoved
        self.elementDeleted = elementDeleted
        self.elementInserted = elementInserted
        self.elementUpdated = elementUpdated
        self.elementMoved = elementMoved
    }

    /// The number of section changes.
    @inlinable
    public var sectionChangeCount: Int {
        sectionDeleted.count + sectionInserted.count + sectionUpdated.count + sectionMoved.count
    }

    /// The number of element changes.
    @inlinable
    public var elementChangeCount: Int {
        elementDeleted.count + elementInserted.count + elementUpdated.count + elementMoved.count
    }

    /// The number of changes of any kind.
    @inlinable
    public var changeCount: Int {
        sectionChangeCount + elementChangeCount
    }

    /// Whether the stage has at least one change: DifferenceKit's `hasChanges`.
    @inlinable
    public var hasChanges: Bool {
        changeCount > 0
    }

    /// Whether the stage has at least one section change.
    @inlinable
    public var hasSectionChanges: Bool {
        sectionChangeCount > 0
    }

    /// Whether the stage has at least one element change.
    @inlinable
    public var hasElementChanges: Bool {
        elementChangeCount > 0
    }

    /// Whether the stage has no changes at all.
    @inlinable
    public var isEmpty: Bool {
        changeCount == 0
    }
}

extension Changeset: Sendable where Collection: Sendable {}

extension Changeset: Equatable where Collection: Equatable {
    /// Equal data and equal changes, in the same order.
    public static func == (lhs: Changeset, rhs: Changeset) -> Bool {
        lhs.data == rhs.data
            && lhs.sectionDeleted == rhs.sectionDeleted
            && lhs.sectionInserted == rhs.sectionInserted
            && lhs.sectionUpdated == rhs.sectionUpdated
            && lhs.sectionMoved.elementsEqual(rhs.sectionMoved, by: ==)
            && lhs.elementDeleted == rhs.elementDeleted
            && lhs.elementInserted == rhs.elementInserted
            && lhs.elementUpdated == rhs.elementUpdated
            && lhs.elementMoved.elementsEqual(rhs.elementMoved, by: ==)
    }
}

extension Changeset: CustomDebugStringConvertible {
    /// The data followed by the non-empty changes.
    public var debugDescription: String {
        var lines = ["Changeset(", "    data: \(String(reflecting: data))"]
        func add(_ name: String, _ changes: some Swift.Collection) {
            if !changes.isEmpty { lines.append("    \(name): \(String(reflecting: Array(changes)))") }
        }
        add("sectionDeleted", sectionDeleted)
        add("sectionInserted", sectionInserted)
        add("sectionUpdated", sectionUpdated)
        add("sectionMoved", sectionMoved.map { [$0.source, $0.target] })
        add("elementDeleted", elementDeleted)
        add("elementInserted", elementInserted)
        add("elementUpdated", elementUpdated)
        add("elementMoved", elementMoved.map { [$0.source, $0.target] })
        return (lines + [")"]).joined(separator: "\n")
    }
}
