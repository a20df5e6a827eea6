/// Marks the positions of one longest strictly increasing subsequence of `values`,
/// by patience sorting in O(n log n), and in O(n) when they are increasing already.
///
/// Among equally long subsequences it keeps the one ending in the smallest values.
internal func longestIncreasingSubsequence(of values: [Int]) -> [Bool] {
    var onSubsequence = [Bool](repeating: false, count: values.count)
    guard !values.isEmpty else { return onSubsequence }
    // tails[k]: the position of the smallest value ending an increasing run of length k + 1.
    var tails: [Int] = []
    var predecessors = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
        // The elements of a diff mostly keep their order, so most values extend the longest
        // run so far: try its end before searching (an edit of one cell in a list of 10,000
        // had the search spend 11 million instructions finding the end every time).
        var low = 0
        var high = tails.count
        if let last = tails.last, values[last] < value { low = high }
        while low < high {
            let middle = (low + high) / 2
            if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
        }
        if low > 0 { predecessors[position] = tails[low - 1] }
        if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var position = tails[tails.count - 1]
    while position >= 0 {
        onSubsequence[position] = true
        position = predecessors[position]
    }
    return onSubsequence
}
