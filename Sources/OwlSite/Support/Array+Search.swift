extension RandomAccessCollection where Index == Int {
    /// The index of the first element whose key (`keyOf`) is not below `key`, in a collection
    /// in ascending order of that key, found by halving; `endIndex` when there is none. (The
    /// plan's pages by path, a page's elements by where they start.)
    func firstIndex<Key: Comparable>(notBelow key: Key, by keyOf: (Element) -> Key) -> Int {
        var (low, high) = (startIndex, endIndex)
        while low < high {
            let middle = low + (high - low) / 2
            if keyOf(self[middle]) < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The index of the first element whose hash (`hashOf`) is not below `hash`, in a
    /// collection in ascending order of a hash spread evenly over its 64 bits (a path's
    /// XXH64); `endIndex` when there is none.
    ///
    /// Found by interpolation: each probe goes where `hash` falls, in proportion, between the
    /// hashes that bound the range left, which takes some four probes where halving takes
    /// log2(count). In a table of thousands most probes miss the cache, the more so when the
    /// lookups come between system calls: a rebuild of 100,000 posts looks up each source in
    /// the Markdown cache's shards right after asking for its status, and those lookups took
    /// 98 ms of its processor time rather than 120 ms by halving (`perf`, four rebuilds
    /// each). A probe that leaves more than half of the range is followed by one that halves
    /// it, so hashes that crowd together (made to) cost at most about twice the probes of
    /// halving.
    func firstIndex(notBelowHash hash: UInt64, by hashOf: (Element) -> UInt64) -> Int {
        var (low, high) = (startIndex, endIndex)
        // Hashes before `low` are below `hash`, those from `high` on are not; `lowHash` and
        // `highHash` bound the hashes in between (`lowHash` ≤ `hash` ≤ `highHash`).
        var (lowHash, highHash): (UInt64, UInt64) = (0, .max)
        func narrow(at probe: Int) {
            let probed = hashOf(self[probe])
            if probed < hash {
                (low, lowHash) = (probe + 1, probed)
            } else {
                (high, highHash) = (probe, probed)
            }
        }
        // A few elements left lie in a cache line or two: halved.
        while high - low > 8 {
            let count = high - low
            let share = highHash > lowHash ? Double(hash - lowHash) / Double(highHash - lowHash) : 0
            narrow(at: Swift.min(Swift.max(low + Int(share * Double(count - 1)), low), high - 1))
            if high - low > count / 2 {
                narrow(at: low + (high - low) / 2)
            }
        }
        while low < high {
            let middle = low + (high - low) / 2
            if hashOf(self[middle]) < hash { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
