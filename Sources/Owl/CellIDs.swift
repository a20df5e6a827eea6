/// The cell identifiers of one section seen so far, to find a repeated one. Rendering
/// 10,000 cells checks 10,000 identifiers, so they are kept as their XXH64 hashes in an
/// open-addressing table probed by the hash itself (a `Set<String>` cost 6 % of the
/// render: hashing each string again, comparing strings); a repeated hash is checked
/// against the identifiers themselves.
struct CellIDs {
    /// The hashes seen, 0 marking a free slot (a hash of 0 is stored as 1).
    private var slots: [UInt64]
    private let mask: Int

    /// Room for `capacity` identifiers, the table at most half full.
    init(capacity: Int) {
        var size = 8
        while size < capacity * 2 {
            size *= 2
        }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// Records `id`; false when it was seen before. `isRepeated` tells whether it really was
    /// (asked only when its hash was seen before).
    mutating func insert(_ id: String, isRepeated: () -> Bool) -> Bool {
        var id = id
        let hash = max(id.withUTF8 { XXH64.hash(UnsafeRawBufferPointer($0)) }, 1)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            if slots[slot] == hash {
                return !isRepeated()
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = hash
        return true
    }
}
