/// Appending to a byte buffer in one copy, where `append(contentsOf:)` would go byte by
/// byte or through a string's view.
extension Array where Element == UInt8 {
    /// Appends `other` in one copy when its bytes are contiguous, as shared bytes are
    /// (`append(contentsOf:)` copies a collection other than an array or a buffer byte by byte).
    mutating func append(bytes other: some Collection<UInt8>) {
        if other.withContiguousStorageIfAvailable({ append(contentsOf: $0) }) == nil {
            append(contentsOf: other)
        }
    }

    /// Appends the UTF-8 bytes of `text` in one copy. (`append(contentsOf: text.utf8)` goes
    /// through the string's view: for the short texts of a page's key or a sitemap entry,
    /// several times slower.)
    mutating func append(utf8Of text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends the UTF-8 bytes of `literal`.
    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append(contentsOf: $0) }
    }
}
