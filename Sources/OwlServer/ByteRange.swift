/// A `Range: bytes=…` request header asking for one span of a body.
enum ByteRange: Equatable {
    /// Serve these bytes (206).
    case satisfiable(ClosedRange<Int>)
    /// The range lies outside the body (416).
    case unsatisfiable
    /// Serve the whole body (200): several ranges, another unit, or a malformed value.
    case ignored

    /// Interprets `header` against a body of `length` bytes.
    init(header: String, length: Int) {
        guard header.hasPrefix("bytes="), !header.contains(",") else {
            self = .ignored
            return
        }
        let spec = header.dropFirst("bytes=".count).trimmingWhitespace
        guard let dash = spec.firstIndex(of: "-") else {
            self = .ignored
            return
        }
        let first = spec[..<dash].trimmingWhitespace
        let last = spec[spec.index(after: dash)...].trimmingWhitespace
        switch (Int(first), Int(last)) {
        case (nil, let suffix?) where first.isEmpty && suffix >= 0:
            // `bytes=-N`: the last N bytes.
            self = suffix > 0 && length > 0 ? .satisfiable(max(0, length - suffix)...length - 1) : .unsatisfiable
        case (let start?, nil) where last.isEmpty && start >= 0:
            self = start < length ? .satisfiable(start...length - 1) : .unsatisfiable
        case (let start?, let end?) where start >= 0 && end >= start:
            self = start < length ? .satisfiable(start...min(end, length - 1)) : .unsatisfiable
        default:
            self = .ignored
        }
    }
}

extension StringProtocol {
    var trimmingWhitespace: Substring {
        let text = Substring(self)
        guard let start = text.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let end = text.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return text[start...end]
    }
}
