/// The data after each stage of a sectioned diff. Elements keep their source version
/// until they are updated, and the target version from then on, so replaying a stage
/// on the previous stage's data gives exactly this stage's data.
@usableFromInline
internal struct SectionedStageData<Collection: RangeReplaceableCollection> where Collection.Element: DifferentiableSection {
    @usableFromInline
    internal typealias Section = Collection.Element

    @usableFromInline
    internal typealias Element = Section.Collection.Element

    @usableFromInline
    internal let input: DiffInput<Section, Element>

    /// Each source section's elements in their current version.
    @usableFromInline
    internal var current: ContiguousArray<ContiguousArray<Element>>

    @inlinable
    internal init(_ input: DiffInput<Section, Element>) {
        self.input = input
        current = input.source.elements
    }

    /// Puts the elements at `paths` (source paths) in their target version.
    @inlinable
    internal mutating func update(_ paths: [ElementPath]) {
        for path in paths {
            let element = input.source.keys.elementStarts[path.section] + path.element
            current[path.section][path.element] = input.target[flat: input.matching.elementTarget[element]]
        }
    }

    /// Stage 1: the source sections with their elements' current versions.
    @inlinable
    internal func updated() -> Collection {
        Collection(input.source.sections.indices.lazy.map { section in
            Section(source: self.input.source.sections[section], elements: self.current[section])
        })
    }

    /// Stage 2: the kept sections in source order, without deleted elements.
    @inlinable
    internal func afterDeletes() -> Collection {
        Collection(input.source.sections.indices.lazy.filter { self.input.matching.sectionTarget[$0] >= 0 }.map(kept))
    }

    /// Stage 3: sections in target order; kept ones as after the deletes, inserted ones whole.
    @inlinable
    internal func afterSectionChanges() -> Collection {
        Collection(input.target.sections.indices.lazy.map { section in
            let sourceSection = self.input.matching.sectionSource[section]
            return sourceSection >= 0 ? self.kept(sourceSection) : self.input.target.sections[section]
        })
    }

    /// Stage 4: every element in place; kept sections still have their source version.
    @inlinable
    internal func afterElementChanges() -> Collection {
        Collection(input.target.sections.indices.lazy.map { section in
            let sourceSection = self.input.matching.sectionSource[section]
            guard sourceSection >= 0 else { return self.input.target.sections[section] }
            let start = self.input.target.keys.elementStarts[section]
            let elements = self.input.target.elements[section]
            return Section(source: self.input.source.sections[sourceSection], elements: elements.indices.lazy.map {
                let sourceElement = self.input.matching.elementSource[start + $0]
                return sourceElement >= 0 ? self.current(sourceElement) : elements[$0]
            })
        })
    }

    /// A kept source section with its elements after the deletes.
    @inlinable
    internal func kept(_ section: Int) -> Section {
        let start = input.source.keys.elementStarts[section]
        let elements = current[section]
        return Section(
            source: input.source.sections[section],
            elements: elements.indices.lazy.filter { self.input.matching.elementTarget[start + $0] >= 0 }.map { elements[$0] }
        )
    }

    /// The current version of a source element, by flat index.
    @inlinable
    internal func current(_ sourceElement: Int) -> Element {
        let section = input.source.keys.sectionOfElement[sourceElement]
        return current[section][sourceElement - input.source.keys.elementStarts[section]]
    }
}
