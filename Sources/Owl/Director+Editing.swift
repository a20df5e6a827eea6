import Foundation
import OwlDiff

/// Owl's editing API on a director. Out-of-range indices never trap: inserts clamp to
/// the ends, removals and moves of missing indices do nothing.
extension Director {
    /// The first section, if any.
    public var firstSection: Section? { sections.first }

    /// The last section, if any.
    public var lastSection: Section? { sections.last }

    /// The section at `index`, nil if there is none.
    public func section(at index: Int) -> Section? {
        sections.indices.contains(index) ? sections[index] : nil
    }

    /// The section at `index`, nil if there is none (Owl's name for ``section(at:)``).
    public func sectionAt(_ index: Int) -> Section? {
        section(at: index)
    }

    /// The first section called `id`, if any.
    public func section(id: String) -> Section? {
        sections.first { $0.id == id }
    }

    /// The first section called `id`, if any (Owl's `section(_:)`).
    public func section(_ id: String) -> Section? {
        section(id: id)
    }

    /// The element at `path`, nil if there is none.
    public func elementAt(_ path: ElementPath) -> (any ElementRepresentable)? {
        guard let section = section(at: path.section), section.elements.indices.contains(path.element) else { return nil }
        return section.elements[path.element]
    }

    /// The element at `indexPath` (`[section, row]`), nil if there is none.
    public func elementAt(_ indexPath: IndexPath) -> (any ElementRepresentable)? {
        ElementPath(indexPath).flatMap(elementAt)
    }

    /// Replaces every section (Owl's `set(sections:)`).
    public func set(sections newSections: [Section]) {
        sections = newSections
    }

    /// Inserts `section` at `index`, or appends it when `index` is nil.
    public func add(section: Section, at index: Int? = nil) {
        sections.insert(clamping: [section], at: index)
    }

    /// Inserts `sections` at `index`, or appends them when `index` is nil.
    public func add(sections newSections: [Section], at index: Int? = nil) {
        sections.insert(clamping: newSections, at: index)
    }

    /// Appends `elements` to the section at `inSection`; as in Owl, without an index (or
    /// with one past the last section) it puts them in a new last section, named as a
    /// section without an identifier is. Returns the section that got the elements.
    @discardableResult
    public func add(elements: [any ElementRepresentable], inSection sectionIndex: Int? = nil) -> Section {
        if let sectionIndex, let section = section(at: max(sectionIndex, 0)) {
            section.add(elements: elements)
            return section
        }
        let section = Section(elements: elements)
        add(section: section)
        return section
    }

    /// Removes and returns the element at `path`, nil if there is none.
    @discardableResult
    public func remove(indexPath path: ElementPath) -> (any ElementRepresentable)? {
        section(at: path.section)?.remove(at: path.element)
    }

    /// Removes and returns the element at `indexPath` (`[section, row]`), nil if there is none.
    @discardableResult
    public func remove(indexPath: IndexPath) -> (any ElementRepresentable)? {
        ElementPath(indexPath).flatMap { remove(indexPath: $0) }
    }

    /// Removes and returns the section at `index`, nil if there is none.
    @discardableResult
    public func remove(section index: Int) -> Section? {
        sections.remove(ifPresentAt: index)
    }

    /// Removes and returns the sections at `indexes`, in order.
    @discardableResult
    public func remove(sectionsAt indexes: IndexSet) -> [Section] {
        sections.remove(ifPresentAt: indexes)
    }

    /// Removes every section and returns them.
    @discardableResult
    public func removeAll(keepingCapacity: Bool = false) -> [Section] {
        let removed = sections
        sections.removeAll(keepingCapacity: keepingCapacity)
        return removed
    }

    /// Swaps the sections at `source` and `destination`.
    public func move(swappingAt source: Int, with destination: Int) {
        sections.swapAt(ifPresent: source, destination)
    }

    /// Moves the section at `source` so that it ends at `destination`.
    public func move(from source: Int, to destination: Int) {
        sections.move(ifPresentFrom: source, to: destination)
    }
}

extension ElementPath {
    /// The path of a Foundation `IndexPath` of two indices, `[section, row]`; nil for any
    /// other length.
    public init?(_ indexPath: IndexPath) {
        guard indexPath.count == 2 else { return nil }
        self.init(element: indexPath[1], section: indexPath[0])
    }
}
