/// Both sides of a sectioned diff, flattened and keyed, with their matching.
@usableFromInline
internal struct SectionedInput<Section: DifferentiableSection> {
    @usableFromInline
    internal typealias Element = Section.Collection.Element

    /// One side: its sections, all their elements end to end, and their keys.
    @usableFromInline
    internal struct Side {
        @usableFromInline internal var sections: ContiguousArray<Section>
        @usableFromInline internal var elements: ContiguousArray<Element>
        @usableFromInline internal var keys: KeyedSections

        @inlinable
        internal init(sections: ContiguousArray<Section>, elements: ContiguousArray<Element>, keys: KeyedSections) {
            self.sections = sections
            self.elements = elements
            self.keys = keys
        }
    }

    @usableFromInline internal var source: Side
    @usableFromInline internal var target: Side
    @usableFromInline internal var matching: Matching

    @inlinable
    internal init<C: Swift.Collection>(source: C, target: C) where C.Element == Section {
        var sectionIdentifiers = IdentifierTable<Section.DifferenceIdentifier>(capacity: source.count)
        var elementIdentifiers = IdentifierTable<Element.DifferenceIdentifier>(capacity: source.count)
        self.source = Self.side(source) { sectionIdentifiers.intern($0) } element: { elementIdentifiers.intern($0) }
        self.target = Self.side(target) { sectionIdentifiers.key(of: $0) } element: { elementIdentifiers.key(of: $0) }
        matching = Matching(
            source: self.source.keys, target: self.target.keys,
            sectionKeyCount: sectionIdentifiers.count, elementKeyCount: elementIdentifiers.count
        )
    }

    @inlinable
    internal static func side<C: Swift.Collection>(
        _ collection: C,
        section sectionKey: (Section.DifferenceIdentifier) -> Int,
        element elementKey: (Element.DifferenceIdentifier) -> Int
    ) -> Side where C.Element == Section {
        let sections = ContiguousArray(collection)
        var elements = ContiguousArray<Element>()
        var elementKeys: [Int] = []
        var starts = [0]
        starts.reserveCapacity(sections.count + 1)
        for section in sections {
            elements.append(contentsOf: section.elements)
            starts.append(elements.count)
        }
        elementKeys.reserveCapacity(elements.count)
        for element in elements { elementKeys.append(elementKey(element.differenceIdentifier)) }
        let keys = KeyedSections(
            sectionKeys: sections.map { sectionKey($0.differenceIdentifier) },
            elementKeys: elementKeys,
            elementStarts: starts
        )
        return Side(sections: sections, elements: elements, keys: keys)
    }
}
