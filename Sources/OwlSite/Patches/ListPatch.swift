import OwlDiff

/// The changes of one list in a patch file: the stages of an OwlDiff staged changeset
/// over the list's sections, with the ids to check and the new HTML to put in
/// (docs/formats.md §4).
public struct ListPatch: Codable, Sendable, Equatable {
    /// The list's `data-owl-list` id.
    public var id: String
    /// The stages, applied in order.
    public var stages: [Stage]

    /// A patch of list `id` made of `stages`.
    public init(id: String, stages: [Stage]) {
        self.id = id
        self.stages = stages
    }

    /// A change at one position: `id` is the id expected there, `html` the new outer HTML.
    public struct Change<Position: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
        /// Where the change applies.
        public var at: Position
        /// The id found at `at` before the change (absent for inserts).
        public var id: String?
        /// The new outer HTML (absent for deletes).
        public var html: String?

        /// A change at `at`.
        public init(at: Position, id: String? = nil, html: String? = nil) {
            (self.at, self.id, self.html) = (at, id, html)
        }
    }

    /// A move from `from` to `to` of the section or cell `id`.
    public struct Move<Position: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
        /// The position before the stage.
        public var from: Position
        /// The position after the stage.
        public var to: Position
        /// The id found at `from`.
        public var id: String

        /// A move of `id` from `from` to `to`.
        public init(from: Position, to: Position, id: String) {
            (self.from, self.to, self.id) = (from, to, id)
        }
    }

    /// One stage; empty kinds of change are left out of the JSON.
    public struct Stage: Sendable, Equatable {
        /// Cells replaced, at source paths.
        public var elementUpdated: [Change<ElementPath>] = []
        /// Sections removed, at source indices.
        public var sectionDeleted: [Change<Int>] = []
        /// Cells removed, at source paths.
        public var elementDeleted: [Change<ElementPath>] = []
        /// Sections put in (with all their cells), at target indices.
        public var sectionInserted: [Change<Int>] = []
        /// Sections moved.
        public var sectionMoved: [Move<Int>] = []
        /// Cells put in, at target paths.
        public var elementInserted: [Change<ElementPath>] = []
        /// Cells moved, within or across sections.
        public var elementMoved: [Move<ElementPath>] = []
        /// Section shells replaced (cells container empty), at target indices.
        public var sectionUpdated: [Change<Int>] = []

        /// An empty stage.
        public init() {}
    }
}

extension ListPatch.Stage: Codable {
    private enum CodingKeys: String, CodingKey {
        case elementUpdated, sectionDeleted, elementDeleted, sectionInserted, sectionMoved
        case elementInserted, elementMoved, sectionUpdated
    }

    /// Reads a stage; missing kinds are empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func read<T: Decodable>(_ key: CodingKeys) throws -> [T] {
            try container.decodeIfPresent([T].self, forKey: key) ?? []
        }
        elementUpdated = try read(.elementUpdated)
        sectionDeleted = try read(.sectionDeleted)
        elementDeleted = try read(.elementDeleted)
        sectionInserted = try read(.sectionInserted)
        sectionMoved = try read(.sectionMoved)
        elementInserted = try read(.elementInserted)
        elementMoved = try read(.elementMoved)
        sectionUpdated = try read(.sectionUpdated)
    }

    /// Writes the kinds of change that are not empty.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        func write<T: Encodable>(_ changes: [T], _ key: CodingKeys) throws {
            if !changes.isEmpty { try container.encode(changes, forKey: key) }
        }
        try write(elementUpdated, .elementUpdated)
        try write(sectionDeleted, .sectionDeleted)
        try write(elementDeleted, .elementDeleted)
        try write(sectionInserted, .sectionInserted)
        try write(sectionMoved, .sectionMoved)
        try write(elementInserted, .elementInserted)
        try write(elementMoved, .elementMoved)
        try write(sectionUpdated, .sectionUpdated)
    }
}
