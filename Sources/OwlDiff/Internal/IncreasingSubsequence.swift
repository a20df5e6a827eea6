/// Marks the positions of one longest strictly increasing subsequence of `values`,
/// by patience sorting in O(n log n).
///
/// Among equally long subsequences it keeps the one ending in the smallest values.
internal func longestIncreasingSubsequence(of values: [Int]) -> [Bool] {
    var onSubsequence = [Bool](repeating: false, count: values.count)
    guard !values.isEmpty else { return onSubsequence }
    // tails[k]: the position of the smallest value ending an increasing run of length k + 1.
    var tails: [Int] = []
    var predecessors = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
        var low = 0
        var high = tails.count
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
