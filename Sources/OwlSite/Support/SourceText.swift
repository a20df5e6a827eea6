import Foundation

/// Reading source files as UTF-8 text, with errors naming the file and line.
enum SourceText {
    /// The bytes of `url`, or an error naming `displayName`.
    static func bytes(_ url: URL, displayName: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw SiteError(file: displayName, "cannot read the file")
        }
        return [UInt8](data)
    }

    /// The text of `url`; invalid UTF-8 is an error naming the line it is on.
    static func read(_ url: URL, displayName: String) throws -> String {
        try decode(bytes(url, displayName: displayName), displayName: displayName)
    }

    /// `bytes` as a string, or an error at the line of the first invalid UTF-8 sequence.
    static func decode(_ bytes: [UInt8], displayName: String) throws -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        let offset = firstInvalidOffset(bytes)
        let line = bytes[..<offset].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        throw SiteError(file: displayName, line: line, "invalid UTF-8 (byte \(offset))")
    }

    private static func firstInvalidOffset(_ bytes: [UInt8]) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(encoded): offset += encoded.count
            case .emptyInput: return offset
            case .error: return offset
            }
        }
    }
}
