extension Changeset where Collection: RangeReplaceableCollection, Collection.Element: DifferentiableSection {
    /// Applies this stage's changes to `previous`, the data of the stage before it,
    /// by the procedure of docs/formats.md §4 "Applying a stage": element updates;
    /// section and element deletes; moved sections taken out, then inserted and moved
    /// ones put at ascending target indices; moved elements taken out, then inserted and
    /// moved ones put at ascending target paths; section updates keeping the elements.
    ///
    /// For a stage of a ``StagedChangeset``, the result equals ``data``. Inserted and
    /// updated sections and elements are read from ``data``; the rest from `previous`.
    @inlinable
    public func applied(to previous: Collection) throws(ReplayError) -> Collection {
        typealias Section = Collection.Element
        typealias Element = Section.Collection.Element
        let newSections = ContiguousArray(data)
        let newElements = ContiguousArray(newSections.lazy.map { ContiguousArray($0.elements) })
        var sections = ContiguousArray(previous)
        var elements = ContiguousArray(sections.lazy.map { ContiguousArray($0.elements) })

        func contains(_ path: ElementPath, _ elements: ContiguousArray<ContiguousArray<Element>>) -> Bool {
            elements.indices.contains(path.section) && elements[path.section].indices.contains(path.element)
        }
        func element(at path: ElementPath, in elements: ContiguousArray<ContiguousArray<Element>>) throws(ReplayError) -> Element {
            guard contains(path, elements) else { throw .invalidElement(path) }
            return elements[path.section][path.element]
        }
        func removing(_ paths: [ElementPath]) throws(ReplayError) {
            for (section, positions) in Dictionary(grouping: paths, by: \.section) {
                guard elements.indices.contains(section) else { throw .invalidSection(section) }
                elements[section] = try Splicing.removing(positions.lazy.map(\.element), from: elements[section]) {
                    .invalidElement(ElementPath(element: $0, section: section))
                }
            }
        }

        // 1. Updates.
        for update in elementUpdated {
            guard contains(update, elements) else { throw .invalidElement(update) }
            elements[update.section][update.element] = try element(at: update, in: newElements)
        }

        // 2. Deletes.
        try removing(elementDeleted)
        let invalidSection = { ReplayError.invalidSection($0) }
        sections = try Splicing.removing(sectionDeleted, from: sections, invalid: invalidSection)
        elements = try Splicing.removing(sectionDeleted, from: elements, invalid: invalidSection)

        // 3. Section inserts and moves.
        var sectionPlacements: [(target: Int, value: (section: Section, elements: ContiguousArray<Element>))] = []
        for move in sectionMoved {
            guard sections.indices.contains(move.source) else { throw .invalidSection(move.source) }
            sectionPlacements.append((move.target, (sections[move.source], elements[move.source])))
        }
        for insert in sectionInserted {
            guard newSections.indices.contains(insert) else { throw .invalidSection(insert) }
            sectionPlacements.append((insert, (newSections[insert], newElements[insert])))
        }
        if !sectionPlacements.isEmpty {
            let moved = sectionMoved.map(\.source)
            let entries = try Splicing.placing(
                sectionPlacements,
                into: Splicing.removing(moved, from: ContiguousArray(zip(sections, elements).lazy.map { ($0, $1) }), invalid: invalidSection),
                invalid: invalidSection
            )
            sections = ContiguousArray(entries.lazy.map(\.section))
            elements = ContiguousArray(entries.lazy.map(\.elements))
        }

        // 4. Element inserts and moves.
        var elementPlacements: [Int: [(target: Int, value: Element)]] = [:]
        for move in elementMoved {
            elementPlacements[move.target.section, default: []].append((move.target.element, try element(at: move.source, in: elements)))
        }
        for insert in elementInserted {
            elementPlacements[insert.section, default: []].append((insert.element, try element(at: insert, in: newElements)))
        }
        try removing(elementMoved.map(\.source))
        for (section, placements) in elementPlacements {
            guard elements.indices.contains(section) else { throw .invalidSection(section) }
            elements[section] = try Splicing.placing(placements, into: elements[section]) {
                .invalidElement(ElementPath(element: $0, section: section))
            }
        }

        // 5. Section updates.
        for update in sectionUpdated {
            guard sections.indices.contains(update), newSections.indices.contains(update) else {
                throw .invalidSection(update)
            }
            sections[update] = newSections[update]
        }
        return Collection(sections.indices.lazy.map { Section(source: sections[$0], elements: elements[$0]) })
    }
}
