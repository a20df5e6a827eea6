/// What identifies a content item's inputs, for deciding which pages to render again.
struct ItemFingerprint: Sendable, Equatable {
    /// Hash of the source file's bytes: the item's own page depends on all of it.
    var file: UInt64
    /// Hash of the item without its body (``ContentItem/write(to:)``): what its cells in lists show.
    var listing: UInt64
}
