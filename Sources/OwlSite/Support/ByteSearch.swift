#if canImport(Glibc)
import Glibc
#endif

/// Finding a run of bytes in HTML and other text.
enum ByteSearch {
    /// The offset of the first `needle` in `haystack` at or after `start`.
    ///
    /// A needle with an `=` in it (an attribute's start, ` href="`: what the searches of
    /// HTML look for) is found by its `=` (``firstOffset(of:anchoredAt:in:from:)``), the
    /// others by the C library's `memmem`.
    static func firstOffset(of needle: [UInt8], in haystack: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard !needle.isEmpty, start >= 0, start + needle.count <= haystack.count else { return nil }
        if let anchor = needle.firstIndex(of: UInt8(ascii: "=")) {
            return firstOffset(of: needle, anchoredAt: anchor, in: haystack, from: start)
        }
        let found = needle.withUnsafeBytes { needle in
            search(haystack.baseAddress! + start, haystack.count - start, needle.baseAddress!, needle.count)
        }
        return found.map { UnsafeRawPointer($0) - haystack.baseAddress! }
    }

    /// The offset of the first `needle` in `haystack` at or after `start`, found by its byte
    /// at `anchor`: each place `memchr` finds that byte at is compared with the whole needle.
    ///
    /// `memmem` goes through HTML some bytes at a time; `memchr` skips a few dozen at once
    /// to the next `=`, which only an attribute (or the odd `=` of a text) has. Every body is
    /// looked through four times for its links, ids and own fragments when it is parsed, and
    /// every page for its regions: in a cold build of 1,000 posts (callgrind), `memmem` took
    /// 38 million instructions of 1,146 million, and 13 million after this search took 15.
    private static func firstOffset(of needle: [UInt8], anchoredAt anchor: Int, in haystack: UnsafeRawBufferPointer, from start: Int) -> Int? {
        let base = haystack.baseAddress!
        // The last offset the needle can start at.
        let last = haystack.count - needle.count
        var candidate = start
        return needle.withUnsafeBytes { needle -> Int? in
            while candidate <= last {
                guard let found = memchr(base + candidate + anchor, Int32(needle[anchor]), last - candidate + 1) else { return nil }
                let offset = UnsafeRawPointer(found) - base - anchor
                // Most places are another attribute's `=`: the needle's last byte and the one
                // before its anchor tell them apart before the whole needle is compared.
                if haystack[offset + needle.count - 1] == needle[needle.count - 1], anchor == 0 || haystack[offset + anchor - 1] == needle[anchor - 1],
                   memcmp(base + offset, needle.baseAddress!, needle.count) == 0 {
                    return offset
                }
                candidate = offset + 1
            }
            return nil
        }
    }

    /// The C library's `memmem`, which skips ahead by more than a byte at a time (a GNU
    /// extension, which the Glibc module leaves out).
    private static let search: @convention(c) (UnsafeRawPointer?, Int, UnsafeRawPointer?, Int) -> UnsafeMutableRawPointer? =
        unsafeBitCast(dlsym(nil, "memmem"), to: (@convention(c) (UnsafeRawPointer?, Int, UnsafeRawPointer?, Int) -> UnsafeMutableRawPointer?).self)

    /// Whether `text` holds `byte` (ASCII), looked for by the C library rather than through
    /// the string's views (a rebuild looks through every link of every item for a `#`: byte
    /// by byte through `utf8`, that was 25 million instructions at 10,000 posts).
    static func contains(_ byte: UInt8, in text: String) -> Bool {
        var text = text
        return text.withUTF8 { !$0.isEmpty && memchr($0.baseAddress!, Int32(byte), $0.count) != nil }
    }

    /// Whether `text` holds the bytes `needle`.
    static func contains(_ needle: [UInt8], in text: String) -> Bool {
        var text = text
        return text.withUTF8 { firstOffset(of: needle, in: UnsafeRawBufferPointer($0), from: 0) != nil }
    }

    /// The offset of the first `byte` in `haystack` at or after `start`.
    static func firstOffset(of byte: UInt8, in haystack: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start >= 0, start < haystack.count, let found = memchr(haystack.baseAddress! + start, Int32(byte), haystack.count - start) else { return nil }
        return UnsafeRawPointer(found) - haystack.baseAddress!
    }
}
