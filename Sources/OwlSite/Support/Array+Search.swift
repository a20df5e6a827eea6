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
}
