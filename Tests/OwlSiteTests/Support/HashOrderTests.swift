import Testing
@testable import OwlSite

/// ``Swift/Array/sortedByHash(_:)``: the order `sorted` gives, for keys spread evenly and for
/// keys that crowd into a few places.
@Suite struct HashOrderTests {
    @Test(arguments: [0, 1, 2, 3, 9, 100, 5_000, 70_000])
    func ordersEvenlySpreadKeysAsSortDoes(count: Int) {
        var generator = SystemRandomNumberGenerator()
        let keys = (0..<count).map { _ in UInt64.random(in: .min ... .max, using: &generator) }
        #expect(keys.sortedByHash { $0 } == keys.sorted())
    }

    @Test func ordersKeysThatShareTheirTopBits() {
        // All in the first place (small numbers); a few places with 2 to 12 each; duplicates.
        let crowded = (0..<3_000).map { UInt64($0 * 7919 % 3_000) }
        #expect(crowded.sortedByHash { $0 } == crowded.sorted())
        let clustered = (0..<400).flatMap { place in (0..<(place % 13)).map { UInt64(place) << 50 | UInt64($0 * 31 % 13) } }.shuffled()
        #expect(clustered.sortedByHash { $0 } == clustered.sorted())
        let repeated = (0..<500).map { UInt64($0 % 5) &* 0x9E37_79B9_7F4A_7C15 }.shuffled()
        #expect(repeated.sortedByHash { $0 } == repeated.sorted())
    }

    @Test func keepsWholeElements() {
        let rows = (0..<1_000).map { (key: UInt64.random(in: .min ... .max), name: "row \($0)") }
        let sorted = rows.sortedByHash(\.key)
        #expect(sorted.map(\.key) == rows.map(\.key).sorted())
        #expect(Set(sorted.map(\.name)) == Set(rows.map(\.name)))
        for row in sorted { #expect(row.name == rows.first { $0.key == row.key }!.name) }
    }
}
