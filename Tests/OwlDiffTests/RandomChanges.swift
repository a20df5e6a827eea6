import OwlDiff
import TestSupport

/// Random collections and random edits of them: few identifiers (so duplicates are
/// common), content changes, deletes, inserts, shuffles, section churn and elements
/// moving between sections.
struct RandomChanges {
    var generator: SeededGenerator
    /// Multiplies lengths, numbers of identifiers and numbers of edits.
    var scale = 1

    mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &generator) < probability
    }

    mutating func item(_ prefix: String, ids: Int) -> Item {
        Item(id: "\(prefix)\(Int.random(in: 0..<ids, using: &generator))", content: "\(Int.random(in: 0..<2, using: &generator))")
    }

    mutating func items(count: ClosedRange<Int>) -> [Item] {
        (0..<Int.random(in: count, using: &generator)).map { _ in item("e", ids: 10 * scale) }
    }

    mutating func sections() -> [Section] {
        (0..<Int.random(in: 0...5 * scale, using: &generator)).map { _ in
            section(item("S", ids: 5 * scale), items(count: 0...6 * scale))
        }
    }

    /// `items` after random edits; sometimes an unrelated collection.
    mutating func edited(_ items: [Item]) -> [Item] {
        if chance(0.1) { return self.items(count: 0...12 * scale) }
        var result: [Item] = []
        for var element in items where !chance(0.25) {
            if chance(0.2) { element.content += "'" }
            result.append(element)
        }
        for _ in 0..<Int.random(in: 0...3 * scale, using: &generator) {
            result.insert(item("e", ids: 10 * scale), at: Int.random(in: 0...result.count, using: &generator))
        }
        if chance(0.5) { shuffleSome(&result) }
        return result
    }

    /// `sections` after random edits of sections and elements.
    mutating func edited(_ sections: [Section]) -> [Section] {
        if chance(0.05) { return self.sections() }
        var result: [Section] = []
        for var section in sections where !chance(0.2) {
            if chance(0.2) { section.model.content += "'" }
            section.elements = edited(section.elements)
            result.append(section)
        }
        for _ in 0..<Int.random(in: 0...2 * scale, using: &generator) {
            result.insert(
                section(item("S", ids: 5 * scale), items(count: 0...4 * scale)),
                at: Int.random(in: 0...result.count, using: &generator)
            )
        }
        if chance(0.4) { shuffleSome(&result) }
        if result.count > 1 {
            for _ in 0..<Int.random(in: 0...4 * scale, using: &generator) {
                let from = Int.random(in: result.indices, using: &generator)
                let to = Int.random(in: result.indices, using: &generator)
                guard !result[from].elements.isEmpty else { continue }
                let element = result[from].elements.remove(at: Int.random(in: result[from].elements.indices, using: &generator))
                result[to].elements.insert(element, at: Int.random(in: 0...result[to].elements.count, using: &generator))
            }
        }
        return result
    }

    /// Swaps a few random pairs.
    mutating func shuffleSome<T>(_ values: inout [T]) {
        guard values.count > 1 else { return }
        for _ in 0..<Int.random(in: 1...3 * scale, using: &generator) {
            values.swapAt(Int.random(in: values.indices, using: &generator), Int.random(in: values.indices, using: &generator))
        }
    }
}
