/// Which source sections and elements become which target ones.
///
/// Identifiers are matched first in, first out: the n-th source occurrence of an
/// identifier pairs with its n-th target occurrence, and extra copies stay unmatched.
/// Elements are matched across sections, but only between sections that are themselves
/// matched: elements of deleted or inserted sections go and come with their section.
@usableFromInline
internal struct Matching {
    /// The target index of each source section, or -1 when it is deleted.
    @usableFromInline
    internal let sectionTarget: [Int]

    /// The source index of each target section, or -1 when it is inserted.
    @usableFromInline
    internal let sectionSource: [Int]

    /// The target element (flat index) of each source element, or -1 when it is deleted.
    @usableFromInline
    internal let elementTarget: [Int]

    /// The source element (flat index) of each target element, or -1 when it is inserted.
    @usableFromInline
    internal let elementSource: [Int]

    @usableFromInline
    internal init(source: KeyedSections, target: KeyedSections, sectionKeyCount: Int, elementKeyCount: Int) {
        (sectionTarget, sectionSource) = Self.pair(
            source: source.sectionKeys, target: target.sectionKeys, keyCount: sectionKeyCount
        )
        (elementTarget, elementSource) = Self.pair(
            source: Self.keys(of: source, keeping: sectionTarget),
            target: Self.keys(of: target, keeping: sectionSource),
            keyCount: elementKeyCount
        )
    }

    /// The element keys of `sections`, with -1 for the elements of unmatched sections.
    private static func keys(of sections: KeyedSections, keeping counterparts: [Int]) -> [Int] {
        guard counterparts.contains(-1) else { return sections.elementKeys }
        var keys = sections.elementKeys
        for section in counterparts.indices where counterparts[section] < 0 {
            for element in sections.elementStarts[section]..<sections.elementStarts[section + 1] {
                keys[element] = -1
            }
        }
        return keys
    }

    /// First-in-first-out pairing of equal keys; negative keys never pair.
    private static func pair(source: [Int], target: [Int], keyCount: Int) -> (target: [Int], source: [Int]) {
        var targetOfSource = [Int](repeating: -1, count: source.count)
        var sourceOfTarget = [Int](repeating: -1, count: target.count)
        var head = [Int](repeating: -1, count: keyCount)
        var tail = [Int](repeating: -1, count: keyCount)
        var next = [Int](repeating: -1, count: source.count)
        for (index, key) in source.enumerated() where key >= 0 {
            if head[key] < 0 { head[key] = index } else { next[tail[key]] = index }
            tail[key] = index
        }
        for (index, key) in target.enumerated() where key >= 0 {
            let match = head[key]
            guard match >= 0 else { continue }
            head[key] = next[match]
            targetOfSource[match] = index
            sourceOfTarget[index] = match
        }
        return (targetOfSource, sourceOfTarget)
    }
}
