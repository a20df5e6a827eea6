extension Array {
    /// Calls `read` with the element at `index`, lent in place rather than copied.
    ///
    /// `array[index]` passed to a function, or read inside a closure that captured the array,
    /// is often copied first when the optimizer cannot tell that nothing else writes to the
    /// array meanwhile; a copy of a ``ContentItem`` retains (and later releases) each of its two
    /// dozen references. A buffer pointer's element is read where it lies. Rendering 10,000
    /// pages spent a tenth of its layout values copying items this way.
    @inline(__always)
    func lending<Result>(_ index: Int, _ read: (borrowing Element) throws -> Result) rethrows -> Result {
        try withUnsafeBufferPointer { elements in try read(elements[index]) }
    }
}
