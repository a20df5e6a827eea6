import OwlDiff

/// The patch of one list: the `lists[]` entry of a patch file (docs/formats.md §4).
///
/// Its stages are exactly the stages of the OwlDiff staged changeset over the list's
/// sections and cells, each change carrying the identifier expected at its position and the new
/// HTML of what it inserts or updates.
public struct ListPatch: Codable, Hashable, Sendable {
    /// The list's identifier.
    public var id: String
    /// The stages, in order.
    public var stages: [Stage]

    /// A patch of the list `id` in `stages`.
    public init(id: String, stages: [Stage]) {
        self.id = id
        self.stages = stages
    }
}

extension ListPatch {
    /// One stage; each kind of change is left out of the JSON when empty.
    public struct Stage: Hashable, Sendable {
        /// Cells replaced by new HTML, at source paths.
        public var elementUpdated: [Change<ElementPath>] = []
        /// Sections taken out, at source indices.
        public var sectionDeleted: [Change<Int>] = []
        /// Cells taken out, at source paths.
        public var elementDeleted: [Change<ElementPath>] = []
        /// Sections put in (with all their cells), at target indices.
        public var sectionInserted: [Change<Int>] = []
        /// Sections moved.
        public var sectionMoved: [Move<Int>] = []
        /// Cells put in, at target paths.
        public var elementInserted: [Change<ElementPath>] = []
        /// Cells moved.
        public var elementMoved: [Move<ElementPath>] = []
        /// Section shells replaced, cells kept, at target indices.
        public var sectionUpdated: [Change<Int>] = []

        /// A stage without changes.
        public init() {}
    }

    /// A change at one position: `id` is the identifier expected there (absent for
    /// inserts), `html` the new outer HTML (absent for deletes).
    public struct Change<Position: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
        /// Where the change applies.
        public var at: Position
        /// The identifier expected at `at`.
        public var id: String?
        /// The new outer HTML.
        public var html: String?

        /// A change at `at`.
        public init(at: Position, id: String? = nil, html: String? = nil) {
            self.at = at
            self.id = id
            self.html = html
        }
    }

    /// A move of the item `id` from one position to another.
    public struct Move<Position: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
        /// Where the item is before the stage.
        public var from: Position
        /// Where it is after.
        public var to: Position
        /// The identifier expected at `from`.
        public var id: String

        /// A move of `id` from `from` to `to`.
        public init(from: Position, to: Position, id: String) {
            self.from = from
            self.to = to
            self.id = id
        }
    }
}

extension ListPatch.Stage: Codable {
    private enum CodingKeys: String, CodingKey {
        case elementUpdated, sectionDeleted, elementDeleted, sectionInserted
        case sectionMoved, elementInserted, elementMoved, sectionUpdated
    }

    /// Decodes a stage; a missing kind of change means none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func decode<Value: Decodable>(_ key: CodingKeys) throws -> [Value] {
            try container.decodeIfPresent([Value].self, forKey: key) ?? []
        }
        elementUpdated = try decode(.elementUpdated)
        sectionDeleted = try decode(.sectionDeleted)
        elementDeleted = try decode(.elementDeleted)
        sectionInserted = try decode(.sectionInserted)
        sectionMoved = try decode(.sectionMoved)
        elementInserted = try decode(.elementInserted)
        elementMoved = try decode(.elementMoved)
        sectionUpdated = try decode(.sectionUpdated)
    }

    /// Encodes the non-empty kinds of change.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        func encode(_ changes: [some Encodable], _ key: CodingKeys) throws {
            if !changes.isEmpty {
                try container.encode(changes, forKey: key)
            }
        }
        try encode(elementUpdated, .elementUpdated)
        try encode(sectionDeleted, .sectionDeleted)
        try encode(elementDeleted, .elementDeleted)
        try encode(sectionInserted, .sectionInserted)
        try encode(sectionMoved, .sectionMoved)
        try encode(elementInserted, .elementInserted)
        try encode(elementMoved, .elementMoved)
        try encode(sectionUpdated, .sectionUpdated)
    }
}
