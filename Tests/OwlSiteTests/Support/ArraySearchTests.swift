import Testing
@testable import OwlSite

/// ``Swift/RandomAccessCollection/firstIndex(notBelow:by:)``: the first element not below a
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
}
