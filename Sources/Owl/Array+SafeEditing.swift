import Foundation

/// The editing operations of sections and directors: out-of-range indices never trap,
/// they clamp (inserts) or do nothing (removals, moves).
extension Array {
    mutating func insert(clamping newElements: [Element], at index: Int?) {
        let position = index.map { Swift.min(Swift.max($0, 0), count) } ?? count
        insert(contentsOf: newElements, at: position)
    }

    mutating func remove(ifPresentAt index: Int) -> Element? {
        indices.contains(index) ? remove(at: index) : nil
    }

    mutating func remove(ifPresentAt indexes: IndexSet) -> [Element] {
        let present = indexes.filter(indices.contains)
        let removed = present.map { self[$0] }
        for index in present.reversed() {
            remove(at: index)
        }
        return removed
    }

    mutating func swapAt(ifPresent first: Int, _ second: Int) {
        guard indices.contains(first), indices.contains(second) else { return }
        swapAt(first, second)
    }

    mutating func move(ifPresentFrom source: Int, to destination: Int) {
        guard indices.contains(source), indices.contains(destination) else { return }
        insert(remove(at: source), at: destination)
    }
}
