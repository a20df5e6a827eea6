#if canImport(Glibc)
import Glibc
#endif

/// Finds the elements marked `data-owl-region="NAME"` (or another of the DOM markers) in a
/// page and the byte range of each one's outer HTML, matching the element's closing tag
/// through nested elements of its name.
enum RegionScanner {
    private static let voidElements = ["meta", "link", "img", "br", "hr", "input", "source", "base"].map { Array($0.utf8) }

    /// Regions by name, with `[start, end)` byte ranges.
    static func regions(in bytes: [UInt8]) -> [(name: String, range: Range<Int>)] {
        elements(marked: "data-owl-region", in: bytes)
    }

    /// The elements with the attribute `attribute`, by its value, with the `[start, end)`
    /// byte ranges of their outer HTML, in document order.
    static func elements(marked attribute: String, in bytes: [UInt8]) -> [(name: String, range: Range<Int>)] {
        let marker = Array("\(attribute)=\"".utf8)
        return bytes.withUnsafeBytes { elements(marker: marker, in: $0) }
    }

    private static func elements(marker: [UInt8], in bytes: UnsafeRawBufferPointer) -> [(name: String, range: Range<Int>)] {
        var result: [(name: String, range: Range<Int>)] = []
        var index = 0
        while let found = ByteSearch.firstOffset(of: marker, in: bytes, from: index) {
            index = found + marker.count
            guard let nameEnd = ByteSearch.firstOffset(of: UInt8(ascii: "\""), in: bytes, from: index),
                  let tagStart = lastOffset(of: UInt8(ascii: "<"), in: bytes, before: found),
                  let openEnd = ByteSearch.firstOffset(of: UInt8(ascii: ">"), in: bytes, from: nameEnd) else { continue }
            let name = String(decoding: bytes[index..<nameEnd], as: UTF8.self)
            let tag = bytes[(tagStart + 1)...].prefix { isNameByte($0) }
            if voidElements.contains(where: { $0.elementsEqual(tag) { $0 == $1 | 0x20 } }) {
                result.append((name, tagStart..<(openEnd + 1)))
            } else if let end = closingEnd(of: tag, in: bytes, from: openEnd + 1) {
                result.append((name, tagStart..<end))
            }
        }
        return result
    }

    /// The offset of the last `byte` before `end`, looking back from there.
    private static func lastOffset(of byte: UInt8, in bytes: UnsafeRawBufferPointer, before end: Int) -> Int? {
        var index = end
        while index > 0 {
            index -= 1
            if bytes[index] == byte { return index }
        }
        return nil
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
    }

    /// One past the `>` of the closing tag that balances an open `tag` before `start`,
    /// jumping from one `<` to the next.
    private static func closingEnd(of tag: Slice<UnsafeRawBufferPointer>, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var depth = 1
        var index = start
        while let open = ByteSearch.firstOffset(of: UInt8(ascii: "<"), in: bytes, from: index) {
            let closing = open + 1 < bytes.count && bytes[open + 1] == UInt8(ascii: "/")
            let nameStart = open + (closing ? 2 : 1)
            let nameEnd = nameStart + tag.count
            // The first letters are compared before the names are: most tags in a region are
            // of other names: calling `memcmp` for each took a quarter of this search (3.5 of
            // 14.2 million instructions in a cold build of 1,000 posts).
            if nameEnd < bytes.count, tag.isEmpty || bytes[nameStart] == bytes[tag.startIndex],
               memcmp(bytes.baseAddress! + nameStart, bytes.baseAddress! + tag.startIndex, tag.count) == 0,
               !isNameByte(bytes[nameEnd]) {
                depth += closing ? -1 : 1
                if depth == 0 {
                    return ByteSearch.firstOffset(of: UInt8(ascii: ">"), in: bytes, from: nameEnd).map { $0 + 1 }
                }
            }
            index = open + 1
        }
        return nil
    }
}
