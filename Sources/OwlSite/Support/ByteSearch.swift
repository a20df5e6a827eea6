import Glibc

/// Finding a run of bytes in HTML and other text.
enum ByteSearch {
    /// The offset of the first `needle` in `haystack` at or after `start`.
    static func firstOffset(of needle: [UInt8], in haystack: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard !needle.isEmpty, start >= 0, start + needle.count <= haystack.count else { return nil }
        // Anchored on the needle's last byte (a quote or `>` in the needles used here), which
        // is far rarer in HTML than its first (a space or a letter).
        return needle.withUnsafeBytes { needle in
            let tail = needle.count - 1
            var index = start + tail
            while let found = firstOffset(of: needle[tail], in: haystack, from: index) {
                if memcmp(haystack.baseAddress! + found - tail, needle.baseAddress!, tail) == 0 { return found - tail }
                index = found + 1
            }
            return nil
        }
    }

    /// The offset of the first `byte` in `haystack` at or after `start`.
    static func firstOffset(of byte: UInt8, in haystack: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start >= 0, start < haystack.count, let found = memchr(haystack.baseAddress! + start, Int32(byte), haystack.count - start) else { return nil }
        return UnsafeRawPointer(found) - haystack.baseAddress!
    }
}
