extension Array {
    /// Calls `read` with the element at `index`, lent in place rather than copied.
    ///
    /// Inside a closure that captured the array, `array[index].field` copied the whole element
    /// before reading the field (the optimizer cannot tell that nothing else writes to the
    /// array meanwhile); a copy of a ``ContentItem`` retains and releases each of its two dozen
    /// references, for each cell of each list. Through a buffer pointer, the field is read
    /// where the element lies. (Handing the lent element to a function still copies it, even
    /// to a `borrowing` parameter: the callee must be given a value nothing else can change.
    /// So may a closure that reads several of its fields: ``PageContext/link(to:in:)`` reads
    /// its two fields through the buffer first, and ``PageContext/item(at:in:withContent:)``
    /// each of its fields through a pointer to the element.)
    @inline(__always)
    func lending<Result>(_ index: Int, _ read: (borrowing Element) throws -> Result) rethrows -> Result {
        try withUnsafeBufferPointer { elements in try read(elements[index]) }
    }
}
