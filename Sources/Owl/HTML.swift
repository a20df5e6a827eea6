/// HTML helpers for cells that render themselves and for fragments.
public enum HTML {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references, safe in
    /// element content and in quoted attribute values.
    public static func escape(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            // Measured first, then written in place: in markup shown as text there is a byte
            // to escape every few bytes, and each reference appended to an array cost more
            // than the bytes around it.
            var extra = 0
            for byte in bytes where needsEscaping(byte) { extra += reference(for: byte).utf8CodeUnitCount - 1 }
            guard extra > 0 else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count + extra) { output in
                var written = 0
                for byte in bytes {
                    if needsEscaping(byte) {
                        let reference = reference(for: byte)
                        for index in 0..<reference.utf8CodeUnitCount { output[written + index] = reference.utf8Start[index] }
                        written += reference.utf8CodeUnitCount
                    } else {
                        output[written] = byte
                        written += 1
                    }
                }
                return written
            }
        } ?? text
    }

    /// The character reference of a byte that ``needsEscaping(_:)``.
    private static func reference(for byte: UInt8) -> StaticString {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        default: "&#39;"
        }
    }

    /// Whether `byte` is one of the five escaped: a bit of a mask, as they are all below 64
    /// (a test of each byte of every escaped text).
    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte < 64 && (escapedBytes >> UInt64(byte)) & 1 == 1
    }

    /// `"` (34), `&` (38), `'` (39), `<` (60) and `>` (62), one bit each: a constant, not a
    /// global that each test would look up.
    private static var escapedBytes: UInt64 { 1 << 34 | 1 << 38 | 1 << 39 | 1 << 60 | 1 << 62 }
}
