import Foundation

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

    /// The first section called `id`, if any.
    public func section(id: String) -> Section? {
        sections.first { $0.id == id }
    }

    /// Inserts `section` at `index`, or appends it when `index` is nil.
    public func add(section: Section, at index: Int? = nil) {
        sections.insert(clamping: [section], at: index)
    }

    /// Inserts `sections` at `index`, or appends them when `index` is nil.
    public func add(sections newSections: [Section], at index: Int? = nil) {
        sections.insert(clamping: newSections, at: index)
    }

    /// Appends `elements` to the last section, creating a section when there is none.
    public func add(elements: [any ElementRepresentable]) {
        guard let last = lastSection else {
            sections.append(Section(id: "", elements: elements))
            return
        }
        last.add(elements: elements)
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

    /// Removes every section.
    public func removeAll(keepingCapacity: Bool = false) {
        sections.removeAll(keepingCapacity: keepingCapacity)
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
