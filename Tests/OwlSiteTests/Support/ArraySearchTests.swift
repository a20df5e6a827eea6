import Testing
@testable import OwlSite

/// ``Swift/RandomAccessCollection/firstIndex(notBelow:by:)`` and
/// ``Swift/RandomAccessCollection/firstIndex(notBelowHash:by:)``: the first element not below a
/// key, as a search from the start finds it.
@Suite struct ArraySearchTests {
    @Test(arguments: [0, 1, 2, 7, 100])
    func findsTheFirstElementNotBelowAKey(count: Int) {
        var generator = SystemRandomNumberGenerator()
        // Sorted, with repeats, and keys below, between, on and above them.
        let values = (0..<count).map { _ in Int.random(in: 0...(count / 2 + 1), using: &generator) * 2 }.sorted()
        for key in -1...(count + 4) {
            #expect(values.firstIndex(notBelow: key) { $0 } == (values.firstIndex { $0 >= key } ?? values.count), "key \(key) in \(values)")
            // A slice's indices are its base's.
            let slice = values.dropFirst(count / 3)
            #expect(slice.firstIndex(notBelow: key) { $0 } == (slice.firstIndex { $0 >= key } ?? slice.endIndex), "key \(key) in \(slice)")
        }
    }

    @Test func searchesByTheKeyOfEachElement() {
        let pages = ["/", "/about/", "/posts/a/", "/posts/b/"].map { (path: $0, title: $0.uppercased()) }
        #expect(pages.firstIndex(notBelow: "/posts/", by: \.path) == 2)
        #expect(pages.firstIndex(notBelow: "/posts/b/", by: \.path) == 3)
        #expect(pages.firstIndex(notBelow: "/z", by: \.path) == 4)
    }

    /// Hashes spread evenly (as a path's are), crowded into a few values, and crowded at
    /// either end of the 64 bits: the search by interpolation finds what a search from the
    /// start finds (by halving, which the test above holds to it), for hashes present, absent,
    /// and at the ends.
    @Test(arguments: [0, 1, 2, 9, 17, 1_000, 50_000])
    func findsTheFirstHashNotBelowAHash(count: Int) {
        var generator = SystemRandomNumberGenerator()
        let spread = (0..<count).map { _ in UInt64.random(in: 0...UInt64.max, using: &generator) }
        let crowded = (0..<count).map { _ in UInt64.random(in: 0...3, using: &generator) * (UInt64.max / 3) }
        let low = (0..<count).map { _ in UInt64.random(in: 0...UInt64(count), using: &generator) }
        let high = (0..<count).map { _ in UInt64.max - UInt64.random(in: 0...UInt64(count), using: &generator) }
        // Half of the hashes evenly spread, half piled on one value.
        let skewed = spread.prefix(count / 2) + Array(repeating: spread.first ?? 0, count: count - count / 2)
        for hashes in [spread, crowded, low, high, Array(skewed)].map({ $0.sorted() }) {
            let random = (0..<200).map { _ in UInt64.random(in: 0...UInt64.max, using: &generator) }
            let samples: [UInt64] = Array(hashes.prefix(200)) + Array(hashes.suffix(200)) + random
            let ends: [UInt64] = [0, 1, UInt64.max - 1, UInt64.max]
            for hash in samples + ends + samples.map({ $0 &+ 1 }) + samples.map({ $0 &- 1 }) {
                #expect(hashes.firstIndex(notBelowHash: hash) { $0 } == hashes.firstIndex(notBelow: hash) { $0 }, "hash \(hash) in \(hashes.count) hashes")
                let slice = hashes.dropFirst(count / 3)
                #expect(slice.firstIndex(notBelowHash: hash) { $0 } == slice.firstIndex(notBelow: hash) { $0 })
            }
        }
    }

    @Test func searchesByTheHashOfEachElement() {
        let rows = [(hash: UInt64(5), size: 1), (hash: 5, size: 2), (hash: 1 << 40, size: 3), (hash: .max, size: 4)]
        #expect(rows.firstIndex(notBelowHash: 5, by: \.hash) == 0)
        #expect(rows.firstIndex(notBelowHash: 6, by: \.hash) == 2)
        #expect(rows.firstIndex(notBelowHash: .max, by: \.hash) == 3)
        #expect(rows.firstIndex(notBelowHash: 0, by: \.hash) == 0)
    }
}
