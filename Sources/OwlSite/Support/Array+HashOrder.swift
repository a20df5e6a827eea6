extension Array {
    /// The elements in the order of `hash`, a key spread evenly over its 64 bits (a hash of a
    /// path): each is placed by its key's top bits, a place for about each element, and the
    /// few that share a place are put in order there. Linear in the count, where a
    /// comparison sort is not: saving the record of a one-post rebuild of 10,000 posts
    /// sorted its two tables so in 3.2 million instructions, against the 11 million `sort`
    /// took (callgrind). Keys that crowd into one place (made to) are sorted there as a
    /// whole, so the worst case is `sort`'s.
    func sortedByHash(_ hash: (Element) -> UInt64) -> [Element] {
        guard count > 1 else { return self }
        // About as many places as elements, up to a million.
        let bits = Swift.min(20, Int.bitWidth - (count - 1).leadingZeroBitCount)
        let shift = UInt64(UInt64.bitWidth - bits)
        func place(_ element: Element) -> Int { Int(hash(element) >> shift) }
        // Where each place's elements start, then where the next one goes.
        var starts = [Int](repeating: 0, count: (1 << bits) + 1)
        for element in self { starts[place(element) + 1] += 1 }
        for index in 1..<starts.count { starts[index] += starts[index - 1] }
        let bounds = starts
        var sorted = [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            for element in self {
                let placed = place(element)
                buffer.initializeElement(at: starts[placed], to: element)
                starts[placed] += 1
            }
            initialized = count
        }
        for placed in 0..<(1 << bits) where bounds[placed + 1] - bounds[placed] > 1 {
            let range = bounds[placed]..<bounds[placed + 1]
            guard range.count <= 8 else {
                sorted[range].sort { hash($0) < hash($1) }
                continue
            }
            // A few: each moved back past those above it.
            for index in range.dropFirst() {
                let element = sorted[index]
                let key = hash(element)
                var slot = index
                while slot > range.lowerBound, hash(sorted[slot - 1]) > key {
                    sorted[slot] = sorted[slot - 1]
                    slot -= 1
                }
                sorted[slot] = element
            }
        }
        return sorted
    }
}
