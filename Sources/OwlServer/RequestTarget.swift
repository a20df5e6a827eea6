/// The path of a request target, decoded and checked before it touches the file system.
///
/// Only a plain absolute path is accepted: percent-escapes are decoded once and must
/// be well formed; the decoded path must be valid UTF-8 without control characters,
/// backslashes, encoded slashes, escapes left over from a double encoding, or `..`
/// segments. Empty and `.` segments are dropped. Anything else is refused, so a
/// target can never name a file outside the served folder by its spelling.
struct RequestTarget: Equatable, Sendable {
    /// The decoded path segments, none empty, `.` or `..`.
    let segments: [String]
    /// Whether the path ended in a slash (a folder was asked for).
    let isFolder: Bool

    /// Parses the path part of a request target (`/a/b%20c/?q=1`); nil when refused.
    init?(_ target: String) {
        let path = Self.path(of: target).utf8
        guard path.first == UInt8(ascii: "/") else { return nil }

        var segments: [String] = []
        for raw in path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            guard let segment = Self.decode(raw) else { return nil }
            switch segment {
            case ".": continue
            case "..": return nil
            default: segments.append(segment)
            }
        }
        self.segments = segments
        self.isFolder = segments.isEmpty || path.last == UInt8(ascii: "/")
    }

    /// The path part of a request target, without its query or fragment, undecoded.
    static func path(of target: String) -> Substring {
        guard let end = target.utf8.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) else {
            return target[...]
        }
        return target[..<end]
    }

    /// The canonical path of this target, percent-encoded, for redirects.
    var encodedPath: String {
        "/" + segments.map(Self.encode).joined(separator: "/") + (isFolder && !segments.isEmpty ? "/" : "")
    }

    /// The same target as a folder (for the `/dir` → `/dir/` redirect).
    var asFolder: RequestTarget { RequestTarget(segments: segments, isFolder: true) }

    private init(segments: [String], isFolder: Bool) {
        self.segments = segments
        self.isFolder = isFolder
    }

    /// Decodes one segment's escapes; nil for bad escapes or forbidden bytes.
    private static func decode(_ raw: Substring.UTF8View.SubSequence) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            index = raw.index(after: index)
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard index < raw.endIndex, let high = hexValue(raw[index]) else { return nil }
            index = raw.index(after: index)
            guard index < raw.endIndex, let low = hexValue(raw[index]) else { return nil }
            index = raw.index(after: index)
            let decoded = high << 4 | low
            // An encoded slash would join two segments into one file-system path.
            guard decoded != UInt8(ascii: "/") else { return nil }
            bytes.append(decoded)
        }
        guard bytes.allSatisfy(isAllowed), !containsEscape(bytes) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte != 0x7F && byte != UInt8(ascii: "\\")
    }

    /// Whether decoded bytes still hold a `%XX` escape: a double encoding.
    private static func containsEscape(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 3 else { return false }
        return (0..<bytes.count - 2).contains { offset in
            bytes[offset] == UInt8(ascii: "%") && hexValue(bytes[offset + 1]) != nil && hexValue(bytes[offset + 2]) != nil
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func encode(_ segment: String) -> String {
        var encoded = ""
        for byte in segment.utf8 {
            if isUnreserved(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return encoded
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "-._~!$&'()*+,;=:@".utf8.contains(byte)
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
