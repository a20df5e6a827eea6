import Foundation

/// Owl's editing API on a section. Out-of-range indices never trap: inserts clamp to the
/// ends, removals and moves of missing indices do nothing.
extension Section {
    /// The number of elements.
    public var count: Int { elements.count }

    /// Replaces every element.
    public func set(elements: [any ElementRepresentable]) {
        self.elements = elements
    }

    /// Replaces the element at `index` and returns the one it replaces; nil (and nothing
    /// changes) when there is no element at `index`.
    @discardableResult
    public func set(element: any ElementRepresentable, at index: Int) -> (any ElementRepresentable)? {
        guard elements.indices.contains(index) else { return nil }
        let old = elements[index]
        elements[index] = element
        return old
    }

    /// Inserts `element` at `index`, or appends it when `index` is nil.
    public func add(element: any ElementRepresentable, at index: Int? = nil) {
        elements.insert(clamping: [element], at: index)
    }

    /// Inserts `elements` at `index`, or appends them when `index` is nil.
    public func add(elements newElements: [any ElementRepresentable], at index: Int? = nil) {
        elements.insert(clamping: newElements, at: index)
    }

    /// Removes and returns the element at `index`, nil if there is none.
    @discardableResult
    public func remove(at index: Int) -> (any ElementRepresentable)? {
        elements.remove(ifPresentAt: index)
    }

    /// Removes and returns the elements at `indexes`, in order.
    @discardableResult
    public func remove(atIndexes indexes: IndexSet) -> [any ElementRepresentable] {
        elements.remove(ifPresentAt: indexes)
    }

    /// Removes every element and returns how many there were (as Owl does).
    @discardableResult
    public func removeAll(keepingCapacity: Bool = false) -> Int {
        let count = elements.count
        elements.removeAll(keepingCapacity: keepingCapacity)
        return count
    }

    /// Swaps the elements at `source` and `destination`.
    public func move(swappingAt source: Int, with destination: Int) {
        elements.swapAt(ifPresent: source, destination)
    }

    /// Moves the element at `source` so that it ends at `destination`.
    public func move(from source: Int, to destination: Int) {
        elements.move(ifPresentFrom: source, to: destination)
    }
}
