/// HTML helpers for cells that render themselves and for fragments.
public enum HTML {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references, safe in
    /// element content and in quoted attribute values.
    public static func escape(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard var next = firstToEscape(in: bytes, from: 0) else { return nil }
            // The runs between the bytes to escape are copied at once: bodies in feeds are
            // mostly markup, with a byte to escape every few bytes.
            var escaped = [UInt8]()
            escaped.reserveCapacity(bytes.count + bytes.count / 4 + 16)
            var runStart = 0
            while true {
                escaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<next]))
                escaped.append(contentsOf: reference(for: bytes[next]))
                runStart = next + 1
                guard let found = firstToEscape(in: bytes, from: runStart) else { break }
                next = found
            }
            escaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
            return String(decoding: escaped, as: UTF8.self)
        } ?? text
    }

    /// The index of the first byte at or after `start` that needs escaping.
    private static func firstToEscape(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if needsEscaping(bytes[index]) { return index }
            index += 1
        }
        return nil
    }

    private static let ampersand = Array("&amp;".utf8), lessThan = Array("&lt;".utf8), greaterThan = Array("&gt;".utf8),
                       quote = Array("&quot;".utf8), apostrophe = Array("&#39;".utf8)

    /// The character reference of a byte that ``needsEscaping(_:)``.
    private static func reference(for byte: UInt8) -> [UInt8] {
        switch byte {
        case UInt8(ascii: "&"): ampersand
        case UInt8(ascii: "<"): lessThan
        case UInt8(ascii: ">"): greaterThan
        case UInt8(ascii: "\""): quote
        default: apostrophe
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
