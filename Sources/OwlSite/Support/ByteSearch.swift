#if canImport(Glibc)
import Glibc
#endif

/// Finding a run of bytes in HTML and other text.
enum ByteSearch {
    /// The offset of the first `needle` in `haystack` at or after `start`.
    static func firstOffset(of needle: [UInt8], in haystack: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard !needle.isEmpty, start >= 0, start + needle.count <= haystack.count else { return nil }
        let found = needle.withUnsafeBytes { needle in
            search(haystack.baseAddress! + start, haystack.count - start, needle.baseAddress!, needle.count)
        }
        return found.map { UnsafeRawPointer($0) - haystack.baseAddress! }
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

    /// The offset of the first `byte` in `haystack` at or after `start`.
    static func firstOffset(of byte: UInt8, in haystack: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start >= 0, start < haystack.count, let found = memchr(haystack.baseAddress! + start, Int32(byte), haystack.count - start) else { return nil }
        return UnsafeRawPointer(found) - haystack.baseAddress!
    }
}
