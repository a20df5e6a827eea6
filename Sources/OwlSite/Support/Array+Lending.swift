extension Array {
    /// Calls `read` with the element at `index`, lent in place rather than copied.
    ///
    /// Inside a closure that captured the array, `array[index].field` copied the whole element
    /// before reading the field (the optimizer cannot tell that nothing else writes to the
    /// array meanwhile); a copy of a ``ContentItem`` retains and releases each of its two dozen
    /// references, for each cell of each list. Through a buffer pointer, the field is read
    /// where the element lies. (Handing the lent element to a function still copies it: such a
    /// function takes the array and an index instead, as ``PageContext/item(at:in:withContent:)`` does.
    /// So may a closure that builds more than one value of it: ``PageContext/link(to:in:)``
    /// reads its two fields through the buffer first, as a copy there was seen in a profile.)
    @inline(__always)
    func lending<Result>(_ index: Int, _ read: (borrowing Element) throws -> Result) rethrows -> Result {
        try withUnsafeBufferPointer { elements in try read(elements[index]) }
    }
}
