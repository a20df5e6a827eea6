/// A sectioned collection reduced to identifier numbers: one per section and one per
/// element, the elements of all sections laid end to end (flat indices).
@usableFromInline
internal struct KeyedSections {
    /// The key of each section; -1 for an identifier that cannot be matched.
    @usableFromInline
    internal var sectionKeys: [Int]

    /// The key of each element, section after section; -1 for one that cannot be matched.
    @usableFromInline
    internal var elementKeys: [Int]

    /// Where each section's elements start in ``elementKeys``, plus the end.
    @usableFromInline
    internal var elementStarts: [Int]

    /// The section of each element.
    @usableFromInline
    internal var sectionOfElement: [Int]

    @inlinable
    internal init(sectionKeys: [Int], elementKeys: [Int], elementStarts: [Int]) {
        self.sectionKeys = sectionKeys
        self.elementKeys = elementKeys
        self.elementStarts = elementStarts
        sectionOfElement = []
        sectionOfElement.reserveCapacity(elementKeys.count)
        for section in sectionKeys.indices {
            let count = elementStarts[section + 1] - elementStarts[section]
            sectionOfElement.append(contentsOf: repeatElement(section, count: count))
        }
    }
}
