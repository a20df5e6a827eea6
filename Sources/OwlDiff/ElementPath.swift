/// The position of an element in a sectioned collection.
///
/// Linear collections use section 0. Encodes as `[section, element]`.
public struct ElementPath: Hashable, Sendable {
    /// The element's index within its section.
    public var element: Int

    /// The section's index.
    public var section: Int

    /// The element at `element` in section `section`.
    @inlinable
    public init(element: Int, section: Int) {
        self.element = element
        self.section = section
    }
}

extension ElementPath: Comparable {
    /// Paths order by section, then by element.
    @inlinable
    public static func < (lhs: ElementPath, rhs: ElementPath) -> Bool {
        (lhs.section, lhs.element) < (rhs.section, rhs.element)
    }
}

extension ElementPath: Codable {
    /// Decodes `[section, element]`.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let section = try container.decode(Int.self)
        let element = try container.decode(Int.self)
        self.init(element: element, section: section)
    }

    /// Encodes `[section, element]`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(section)
        try container.encode(element)
    }
}

extension ElementPath: CustomStringConvertible, CustomDebugStringConvertible {
    /// `[element: 1, section: 0]`, as DifferenceKit prints a path.
    public var description: String {
        "[element: \(element), section: \(section)]"
    }

    /// The same as ``description``.
    public var debugDescription: String {
        description
    }
}
