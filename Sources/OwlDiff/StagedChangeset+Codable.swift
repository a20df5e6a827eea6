/// A staged changeset codes as the array of its stages, in order.
extension StagedChangeset: Encodable where Collection: Encodable {
    /// Encodes the stages as an array.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Array(changesets))
    }
}

extension StagedChangeset: Decodable where Collection: Decodable {
    /// Decodes an array of stages.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(try container.decode([Changeset<Collection>].self))
    }
}
