import Foundation

extension BuildManifest {
    /// The manifest in `json`, as `JSONDecoder` reads it. A reader made for the manifest's
    /// shape reads it first, several times faster (`diff` reads two manifests of 10,000
    /// pages); anything it does not expect (a key it does not know, a number with a fraction,
    /// JSON that is not valid) goes to `JSONDecoder`, whose errors say where and what.
    static func decoding(_ json: Data) throws -> BuildManifest {
        try reading(json) ?? JSONDecoder().decode(BuildManifest.self, from: json)
    }

    /// The manifest in `json` as the reader made for its shape reads it; nil at anything it
    /// does not expect.
    static func reading(_ json: Data) -> BuildManifest? {
        json.withUnsafeBytes { bytes in
            var reader = ManifestReader(bytes)
            return reader.manifest()
        }
    }
}

/// Reads the JSON of a manifest, whatever its spacing and the order of its keys; nil at
/// anything else, a key given twice included.
private struct ManifestReader {
    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The whole document.
    mutating func manifest() -> BuildManifest? {
        var format: String?, version: Int?, build: String?, pages: [String: ManifestPage]?
        let read = object { reader, key in
            switch key {
            case "format" where format == nil: format = reader.string()
            case "version" where version == nil: version = reader.int()
            case "build" where build == nil: build = reader.string()
            case "pages" where pages == nil: pages = reader.dictionary { $0.page() }
            default: return false
            }
            return true
        }
        skipSpace()
        guard read, index == bytes.count, let format, let version, let build, let pages else { return nil }
        var manifest = BuildManifest(build: build, pages: pages)
        (manifest.format, manifest.version) = (format, version)
        return manifest
    }

    private mutating func page() -> ManifestPage? {
        var file: String?, title: String?, shell: String?, lists: [ManifestList]?, regions: [String: ManifestSpan]?
        guard object({ reader, key in
            switch key {
            case "file" where file == nil: file = reader.string()
            case "title" where title == nil: title = reader.string()
            case "shell" where shell == nil: shell = reader.string()
            case "lists" where lists == nil: lists = reader.array { $0.list() }
            case "regions" where regions == nil: regions = reader.dictionary { $0.span() }
            default: return false
            }
            return true
        }), let file, let title, let shell, let lists, let regions else { return nil }
        return ManifestPage(file: file, title: title, shell: shell, lists: lists, regions: regions)
    }

    private mutating func list() -> ManifestList? {
        var id: String?, shell: String?, sections: [ManifestSection]?
        guard object({ reader, key in
            switch key {
            case "id" where id == nil: id = reader.string()
            case "shell" where shell == nil: shell = reader.string()
            case "sections" where sections == nil: sections = reader.array { $0.section() }
            default: return false
            }
            return true
        }), let id, let shell, let sections else { return nil }
        return ManifestList(id: id, shell: shell, sections: sections)
    }

    private mutating func section() -> ManifestSection? {
        var id: String?, hash: String?, range: [Int]?, cells: [ManifestCell]?
        guard object({ reader, key in
            switch key {
            case "id" where id == nil: id = reader.string()
            case "hash" where hash == nil: hash = reader.string()
            case "range" where range == nil: range = reader.array { $0.int() }
            case "cells" where cells == nil: cells = reader.array { $0.cell() }
            default: return false
            }
            return true
        }), let id, let hash, let range, let cells else { return nil }
        return ManifestSection(id: id, hash: hash, range: range, cells: cells)
    }

    /// `[id, hash, start, end]`.
    private mutating func cell() -> ManifestCell? {
        guard take(UInt8(ascii: "[")), let id = string(), take(UInt8(ascii: ",")), let hash = string(), take(UInt8(ascii: ",")),
              let start = int(), take(UInt8(ascii: ",")), let end = int(), take(UInt8(ascii: "]")) else { return nil }
        return ManifestCell(id: id, hash: hash, start: start, end: end)
    }

    /// `[hash, start, end]`.
    private mutating func span() -> ManifestSpan? {
        guard take(UInt8(ascii: "[")), let hash = string(), take(UInt8(ascii: ",")), let start = int(), take(UInt8(ascii: ",")),
              let end = int(), take(UInt8(ascii: "]")) else { return nil }
        return ManifestSpan(hash: hash, start: start, end: end)
    }

    // MARK: JSON

    /// Reads an object, calling `member` with each key, the reader before its value, which
    /// `member` reads; false when `member` does or the object is not well formed.
    private mutating func object(_ member: (inout ManifestReader, String) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = string(), take(UInt8(ascii: ":")), member(&self, key) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// An object whose values `value` reads, by key; nil when a key comes twice.
    private mutating func dictionary<Value>(_ value: (inout ManifestReader) -> Value?) -> [String: Value]? {
        var result: [String: Value] = [:]
        let read = object { reader, key in
            guard result[key] == nil, let item = value(&reader) else { return false }
            result[key] = item
            return true
        }
        return read ? result : nil
    }

    /// An array whose elements `element` reads.
    private mutating func array<Element>(_ element: (inout ManifestReader) -> Element?) -> [Element]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var result: [Element] = []
        if take(UInt8(ascii: "]")) { return result }
        repeat {
            guard let item = element(&self) else { return nil }
            result.append(item)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? result : nil
    }

    /// A string; nil for one that holds a control character, invalid UTF-8 or a lone surrogate.
    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 { index += 1 }
        guard index < bytes.count, bytes[index] != UInt8(ascii: "\\") else { return escapedString(from: start) }
        guard bytes[index] == UInt8(ascii: "\"") else { return nil }
        index += 1
        return String(validating: UnsafeRawBufferPointer(rebasing: bytes[start..<(index - 1)]), as: UTF8.self)
    }

    /// The rest of a string with escapes, which starts at `start`.
    private mutating func escapedString(from start: Int) -> String? {
        guard index < bytes.count else { return nil }
        var utf8 = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    utf8.append(contentsOf: String(Character(scalar)).utf8)
                default: return nil
                }
            default:
                guard byte >= 0x20 else { return nil }
                utf8.append(byte)
            }
        }
        return nil
    }

    /// The character of `\uXXXX` (the `\u` read), or of a surrogate pair `\uD83D\uDE00`.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let high = hexQuad() else { return nil }
        guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high) }
        guard take(UInt8(ascii: "\\"), skippingSpace: false), take(UInt8(ascii: "u"), skippingSpace: false), let low = hexQuad(),
              (0xDC00...0xDFFF).contains(low) else { return nil }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    }

    private mutating func hexQuad() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Int(String(UnicodeScalar(bytes[index])), radix: 16) else { return nil }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }

    /// A whole number, as JSON writes one (no leading zeros); nil for one with a fraction or
    /// an exponent, or beyond `Int`.
    private mutating func int() -> Int? {
        skipSpace()
        let negative = take(UInt8(ascii: "-"), skippingSpace: false)
        let start = index
        var value = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAgain) = times.addingReportingOverflow(Int(bytes[index] - UInt8(ascii: "0")))
            guard !overflow, !overflowAgain else { return nil }
            value = sum
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] | 0x20 == UInt8(ascii: "e") { return nil }
        return negative ? -value : value
    }

    /// Reads `byte` (after any white space) if it comes next.
    private mutating func take(_ byte: UInt8, skippingSpace: Bool = true) -> Bool {
        if skippingSpace { skipSpace() }
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x09 || bytes[index] == 0x0D { index += 1 }
    }
}
