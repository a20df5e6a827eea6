/// A byte buffer of JSON text.
struct JSONOutput {
    private(set) var bytes: [UInt8] = []

    mutating func raw(_ text: String) { bytes.append(utf8Of: text) }

    mutating func append(_ json: some Collection<UInt8>) { bytes.append(bytes: json) }

    mutating func reserve(_ count: Int) { bytes.reserveCapacity(count) }

    /// Each element written by `write`, with a comma between them.
    mutating func separated<Elements: Sequence>(_ elements: Elements, _ write: (inout JSONOutput, Elements.Element) -> Void) {
        for (index, element) in elements.enumerated() {
            if index > 0 { raw(",") }
            write(&self, element)
        }
    }

    /// The tail `"hash",start,end]` shared by cell and region entries.
    mutating func span(hash: String, start: Int, end: Int) {
        string(hash)
        bytes.append(UInt8(ascii: ","))
        number(start)
        bytes.append(UInt8(ascii: ","))
        number(end)
        bytes.append(UInt8(ascii: "]"))
    }

    /// `value` in decimal (a manifest holds two per cell): the digits are made in a buffer
    /// on the stack and appended one by one (appending a few bytes as a buffer costs more).
    mutating func number(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for the 20 digits of UInt64.max
        withUnsafeMutableBytes(of: &buffer) { digits in
            var rest = value.magnitude
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            for index in start..<digits.count { bytes.append(digits[index]) }
        }
    }

    /// `value` as a JSON string: quotes, backslashes and control characters escaped.
    mutating func string(_ value: String) {
        // Read through `withUTF8`: searching and copying the string's own UTF-8 view took twice as long.
        var value = value
        value.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                bytes.append(contentsOf: utf8)  // ids, hashes and most titles: nothing to escape
            } else {
                for byte in utf8 {
                    switch byte {
                    case UInt8(ascii: "\""): raw("\\\"")
                    case UInt8(ascii: "\\"): raw("\\\\")
                    case UInt8(ascii: "\n"): raw("\\n")
                    case 0..<0x20:
                        let hex = String(byte, radix: 16)
                        raw("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                    default: bytes.append(byte)
                    }
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }
}
