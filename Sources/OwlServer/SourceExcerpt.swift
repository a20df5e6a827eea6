/// The lines around a build error's line, which the page's overlay shows (the `excerpt`
/// of an `error` event).
///
/// Read only from a regular file inside the site folder, and bounded: the first
/// ``readLimit`` bytes of it, ``context`` lines either side, each cut at ``longestLine``
/// characters.
enum SourceExcerpt {
    /// One line of the source: its 1-based number and its text.
    struct Line: Sendable, Equatable, Encodable {
        var line: Int
        var text: String
    }

    static let context = 2
    static let readLimit = 1 << 20
    static let longestLine = 240

    /// The lines around `failure`'s line in its file below `siteFolder`; nil when it names
    /// no file and line, or the file cannot be read there.
    static func lines(around failure: BuildFailure, in siteFolder: String) -> [Line]? {
        guard let file = failure.file, let number = failure.line, number >= 1,
            let root = LocalFiles.realPath(siteFolder),
            let path = LocalFiles.resolve(file.hasPrefix("/") ? file : root + "/" + file, inside: root),
            let (_, bytes) = LocalFiles.contents(of: path, limit: readLimit)
        else { return nil }
        let first = max(1, number - context)
        // A final newline ends the last line; it does not start another.
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .dropLast(bytes.last == UInt8(ascii: "\n") ? 1 : 0)
            .dropFirst(first - 1).prefix(number - first + context + 1)
        let excerpt = lines.enumerated().map { offset, bytes in
            var text = String(decoding: bytes, as: UTF8.self)
            if text.hasSuffix("\r") { text.removeLast() }
            return Line(line: first + offset, text: String(text.prefix(longestLine)))
        }
        return excerpt.isEmpty ? nil : excerpt
    }
}
