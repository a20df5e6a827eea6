/// Both sides of a diff with their keys and matching. A linear collection is one section.
@usableFromInline
internal struct DiffInput<Section, Element: Differentiable> {
    /// A side as given: its sections and each section's elements.
    @usableFromInline
    internal typealias Parts = (sections: ContiguousArray<Section>, elements: ContiguousArray<ContiguousArray<Element>>)

    /// One side: its sections, each section's elements, and their keys.
    @usableFromInline
    internal struct Side {
        @usableFromInline internal var sections: ContiguousArray<Section>
        @usableFromInline internal var elements: ContiguousArray<ContiguousArray<Element>>
        @usableFromInline internal var keys: KeyedSections

        @inlinable
        internal init(_ parts: Parts, keys: KeyedSections) {
            sections = parts.sections
            elements = parts.elements
            self.keys = keys
        }

        /// The element at a flat index.
        @inlinable
        internal subscript(flat index: Int) -> Element {
            let section = keys.sectionOfElement[index]
            return elements[section][index &- keys.elementStarts[section]]
        }
    }

    @usableFromInline internal var source: Side
    @usableFromInline internal var target: Side
    @usableFromInline internal var matching: Matching

    /// Keys and matches `source` and `target`, given as sections and their elements.
    @inlinable
    internal init(
        source: Parts, target: Parts, sectionKeys: (source: [Int], target: [Int], count: Int)
    ) {
        // Positions can stand for identifiers only where the sections pair in place: with
        // sections that move, come or go, elements pair across them by identifier.
        let inPlace = sectionKeys.source == sectionKeys.target
            ? IdentifierTable.positionalKeys(source: source.elements, target: target.elements) { $0.differenceIdentifier }
            : nil
        let elementKeys = inPlace ?? IdentifierTable.keys(source: source.elements, target: target.elements) { $0.differenceIdentifier }
        func side(_ parts: Parts, sectionKeys: [Int], elementKeys: [Int]) -> Side {
            var starts = [0]
            starts.reserveCapacity(parts.elements.count + 1)
            for elements in parts.elements { starts.append(starts[starts.count - 1] + elements.count) }
            let keys = KeyedSections(sectionKeys: sectionKeys, elementKeys: elementKeys, elementStarts: starts)
            return Side(parts, keys: keys)
        }
        self.source = side(source, sectionKeys: sectionKeys.source, elementKeys: elementKeys.source)
        self.target = side(target, sectionKeys: sectionKeys.target, elementKeys: elementKeys.target)
        matching = Matching(
            source: self.source.keys, target: self.target.keys,
            sectionKeyCount: sectionKeys.count, elementKeyCount: elementKeys.count
        )
    }

    /// For each source element (flat), whether its matched target element's content differs.
    @inlinable
    internal func elementUpdates() -> [Bool] {
        var updated = [Bool](repeating: false, count: source.keys.elementKeys.count)
        var targetIndex = 0
        for elements in target.elements {
            for element in elements {
                let sourceIndex = matching.elementSource[targetIndex]
                if sourceIndex >= 0 && !element.isContentEqual(to: source[flat: sourceIndex]) {
                    updated[sourceIndex] = true
                }
                targetIndex += 1
            }
        }
        return updated
    }
}

extension DiffInput where Section == Never {
    /// A linear diff: every element in one section that has no value of its own.
    @inlinable
    internal init(linear source: ContiguousArray<Element>, _ target: ContiguousArray<Element>) {
        self.init(
            source: ([], [source]), target: ([], [target]), sectionKeys: ([0], [0], 1)
        )
    }
}

extension DiffInput where Section: DifferentiableSection, Section.Collection.Element == Element {
    /// A sectioned diff.
    @inlinable
    internal init<C: Swift.Collection>(sections source: C, _ target: C) where C.Element == Section {
        let sourceSections = ContiguousArray(source)
        let targetSections = ContiguousArray(target)
        self.init(
            source: (sourceSections, ContiguousArray(sourceSections.lazy.map { ContiguousArray($0.elements) })),
            target: (targetSections, ContiguousArray(targetSections.lazy.map { ContiguousArray($0.elements) })),
            sectionKeys: IdentifierTable.keys(source: [sourceSections], target: [targetSections]) { $0.differenceIdentifier }
        )
    }

    /// For each target section, whether its content differs from its matched source section.
    @inlinable
    internal func sectionUpdates() -> [Bool] {
        target.sections.indices.map { section in
            let sourceSection = matching.sectionSource[section]
            return sourceSection >= 0 && !target.sections[section].isContentEqual(to: source.sections[sourceSection])
        }
    }
}
