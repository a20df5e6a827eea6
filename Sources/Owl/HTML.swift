/// HTML helpers for cells that render themselves and for fragments.
public enum HTML {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references, safe in
    /// element content and in quoted attribute values.
    public static func escape(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard let first = bytes.firstIndex(where: needsEscaping) else { return nil }
            var escaped = [UInt8]()
            escaped.reserveCapacity(bytes.count + 16)
            escaped.append(contentsOf: bytes[..<first])
            for byte in bytes[first...] {
                switch byte {
                case UInt8(ascii: "&"): escaped.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): escaped.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): escaped.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): escaped.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "'"): escaped.append(contentsOf: "&#39;".utf8)
                default: escaped.append(byte)
                }
            }
            return String(decoding: escaped, as: UTF8.self)
        } ?? text
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        default: false
        }
    }
}
