/// The JSON form of docs/formats.md §3: `data`, then each kind of change as an array,
/// empty ones left out. Paths are `[section, element]`, moves `[from, to]`.
extension Changeset: Encodable where Collection: Encodable {
    /// Encodes `data` and the non-empty changes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ChangesetCodingKey.self)
        try container.encode(data, forKey: .data)
        try container.encodeUnlessEmpty(elementUpdated, forKey: .elementUpdated)
        try container.encodeUnlessEmpty(sectionDeleted, forKey: .sectionDeleted)
        try container.encodeUnlessEmpty(elementDeleted, forKey: .elementDeleted)
        try container.encodeUnlessEmpty(sectionInserted, forKey: .sectionInserted)
        try container.encodeUnlessEmpty(sectionMoved.map(CodableMove.init), forKey: .sectionMoved)
        try container.encodeUnlessEmpty(elementInserted, forKey: .elementInserted)
        try container.encodeUnlessEmpty(elementMoved.map(CodableMove.init), forKey: .elementMoved)
        try container.encodeUnlessEmpty(sectionUpdated, forKey: .sectionUpdated)
    }
}

extension Changeset: Decodable where Collection: Decodable {
    /// Decodes `data` and the changes; a missing kind of change means none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ChangesetCodingKey.self)
        self.init(
            data: try container.decode(Collection.self, forKey: .data),
            sectionDeleted: try container.decodeUnlessAbsent(forKey: .sectionDeleted),
            sectionInserted: try container.decodeUnlessAbsent(forKey: .sectionInserted),
            sectionUpdated: try container.decodeUnlessAbsent(forKey: .sectionUpdated),
            sectionMoved: try container.decodeUnlessAbsent([CodableMove<Int>].self, forKey: .sectionMoved)
                .map { ($0.source, $0.target) },
            elementDeleted: try container.decodeUnlessAbsent(forKey: .elementDeleted),
            elementInserted: try container.decodeUnlessAbsent(forKey: .elementInserted),
            elementUpdated: try container.decodeUnlessAbsent(forKey: .elementUpdated),
            elementMoved: try container.decodeUnlessAbsent([CodableMove<ElementPath>].self, forKey: .elementMoved)
                .map { ($0.source, $0.target) }
        )
    }
}

/// The keys of a changeset's JSON form.
internal enum ChangesetCodingKey: String, CodingKey {
    case data
    case elementUpdated, sectionDeleted, elementDeleted, sectionInserted, sectionMoved
    case elementInserted, elementMoved, sectionUpdated
}

/// A move, coded as `[from, to]`.
internal struct CodableMove<Position: Codable>: Codable {
    var source: Position
    var target: Position

    init(_ move: (source: Position, target: Position)) {
        (source, target) = move
    }

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        source = try container.decode(Position.self)
        target = try container.decode(Position.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(source)
        try container.encode(target)
    }
}

extension KeyedEncodingContainer {
    fileprivate mutating func encodeUnlessEmpty<T: Encodable>(_ changes: [T], forKey key: Key) throws {
        if !changes.isEmpty { try encode(changes, forKey: key) }
    }
}

extension KeyedDecodingContainer {
    fileprivate func decodeUnlessAbsent<T: Decodable>(_ type: [T].Type = [T].self, forKey key: Key) throws -> [T] {
        try decodeIfPresent(type, forKey: key) ?? []
    }
}
