extension BuildManifest {
    /// The manifest as compact, deterministic JSON (pages and regions sorted by key);
    /// `JSONDecoder` reads it back into an equal value.
    func json() -> [UInt8] {
        var out = JSONOutput()
        out.raw("{\"format\":")
        out.string(format)
        out.raw(",\"version\":\(version),\"build\":")
        out.string(build)
        out.raw(",\"pages\":{")
        for (index, path) in pages.keys.sorted().enumerated() {
            if index > 0 { out.raw(",") }
            out.raw("\n")
            out.string(path)
            out.raw(":")
            pages[path]!.write(to: &out)
        }
        out.raw("\n}}\n")
        return out.bytes
    }
}

private extension ManifestPage {
    func write(to out: inout JSONOutput) {
        out.raw("{\"file\":")
        out.string(file)
        out.raw(",\"title\":")
        out.string(title)
        out.raw(",\"shell\":")
        out.string(shell)
        out.raw(",\"lists\":[")
        for (index, list) in lists.enumerated() {
            if index > 0 { out.raw(",") }
            out.raw("{\"id\":")
            out.string(list.id)
            out.raw(",\"shell\":")
            out.string(list.shell)
            out.raw(",\"sections\":[")
            for (sectionIndex, section) in list.sections.enumerated() {
                if sectionIndex > 0 { out.raw(",") }
                out.raw("\n{\"id\":")
                out.string(section.id)
                out.raw(",\"hash\":")
                out.string(section.hash)
                out.raw(",\"range\":[\(section.range[0]),\(section.range[1])],\"cells\":[")
                for (cellIndex, cell) in section.cells.enumerated() {
                    if cellIndex > 0 { out.raw(",") }
                    out.raw("[")
                    out.string(cell.id)
                    out.raw(",")
                    out.string(cell.hash)
                    out.raw(",\(cell.start),\(cell.end)]")
                }
                out.raw("]}")
            }
            out.raw("]}")
        }
        out.raw("],\"regions\":{")
        for (index, name) in regions.keys.sorted().enumerated() {
            if index > 0 { out.raw(",") }
            let span = regions[name]!
            out.string(name)
            out.raw(":[")
            out.string(span.hash)
            out.raw(",\(span.start),\(span.end)]")
        }
        out.raw("}}")
    }
}

/// A byte buffer of JSON text.
struct JSONOutput {
    private(set) var bytes: [UInt8] = []

    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// `value` as a JSON string: quotes, backslashes and control characters escaped.
    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
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
        bytes.append(UInt8(ascii: "\""))
    }
}
