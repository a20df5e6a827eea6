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
        let (sourceSections, sourceElements, sourceStarts) = Self.flatten(source)
        let (targetSections, targetElements, targetStarts) = Self.flatten(target)
        let sectionKeys = IdentifierTable.keys(source: sourceSections, target: targetSections) { $0.differenceIdentifier }
        let elementKeys = IdentifierTable.keys(source: sourceElements, target: targetElements) { $0.differenceIdentifier }
        let sourceKeys = KeyedSections(
            sectionKeys: sectionKeys.source, elementKeys: elementKeys.source, elementStarts: sourceStarts
        )
        let targetKeys = KeyedSections(
            sectionKeys: sectionKeys.target, elementKeys: elementKeys.target, elementStarts: targetStarts
        )
        self.source = Side(sections: sourceSections, elements: sourceElements, keys: sourceKeys)
        self.target = Side(sections: targetSections, elements: targetElements, keys: targetKeys)
        matching = Matching(
            source: sourceKeys, target: targetKeys,
            sectionKeyCount: sectionKeys.count, elementKeyCount: elementKeys.count
        )
    }

    /// The sections, all their elements end to end, and where each section's elements start.
    @inlinable
    internal static func flatten<C: Swift.Collection>(
        _ collection: C
    ) -> (ContiguousArray<Section>, ContiguousArray<Element>, [Int]) where C.Element == Section {
        let sections = ContiguousArray(collection)
        var elements = ContiguousArray<Element>()
        var starts = [0]
        starts.reserveCapacity(sections.count + 1)
        for section in sections {
            elements.append(contentsOf: section.elements)
            starts.append(elements.count)
        }
        return (sections, elements, starts)
    }
}
