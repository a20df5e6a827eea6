import OwlFiles

/// The lines around a build error's line, which `serve`'s overlay shows (the `excerpt` of
/// its `error` event).
///
/// Read only from a regular file inside the site folder, and bounded: a file of at most
/// ``SourceText/textLimit`` bytes (any file a build reports a line of was read as text,
/// so it is no larger), ``context`` lines either side, each cut at ``longestLine`` characters.
public enum SourceExcerpt {
    /// One line of a source file: its 1-based number and its text.
    public struct Line: Sendable, Equatable, Encodable {
        /// The 1-based line number.
        public var line: Int
        /// The line's text, without its line break.
        public var text: String

        /// The line numbered `line` that reads `text`.
        public init(line: Int, text: String) {
            self.line = line
            self.text = text
        }
    }

    /// How many lines are shown before and after the error's line.
    public static let context = 2
    /// The most characters shown of one line.
    public static let longestLine = 240

    /// The lines around line `number` of `file` (relative to `siteFolder`, or absolute); nil
    /// when there is no such line, or the file cannot be read inside the site folder.
    public static func lines(around number: Int, of file: String, in siteFolder: String) -> [Line]? {
        guard number >= 1, let root = RealPath.resolve(siteFolder),
            let path = RealPath.resolve(file.hasPrefix("/") ? file : root + "/" + file, inside: root),
            let bytes = try? FileBytes.read(regularFile: path, limit: SourceText.textLimit).bytes
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
