extension Array where Element == UInt8 {
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
