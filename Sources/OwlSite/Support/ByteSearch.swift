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

    /// The offset of the first `byte` in `haystack` at or after `start`.
    static func firstOffset(of byte: UInt8, in haystack: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start >= 0, start < haystack.count, let found = memchr(haystack.baseAddress! + start, Int32(byte), haystack.count - start) else { return nil }
        return UnsafeRawPointer(found) - haystack.baseAddress!
    }
}
