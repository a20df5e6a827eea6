extension CodeReader {
    /// Reads markup at `index`: a comment, a tag, a Mustache tag, or a character of text.
    mutating func markup() {
        let start = index
        if let end = blockCommentEnd() {
            emit(.comment, start..<end)
        } else if starts(with: Self.mustacheOpen, at: index) {
            let close = bytes[index...].firstRange(of: Self.mustacheClose).map(\.upperBound)
            emit(.variable, start..<(close ?? bytes.count))
        } else if !tag() {
            escape(index..<(index + 1))
            index += 1
        }
    }

    private static let mustacheOpen = Array("{{".utf8), mustacheClose = Array("}}".utf8)

    /// Colours the tag at `index` (`<a href="x">`, `</a>`, `<!DOCTYPE html>`): its name as a
    /// keyword, its attributes' names as attributes and their quoted values as strings.
    /// False where a `<` opens no tag (`a < b`).
    private mutating func tag() -> Bool {
        guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count else { return false }
        var nameStart = index + 1
        if "/!?".utf8.contains(bytes[nameStart]) { nameStart += 1 }
        guard nameStart < bytes.count, isWordStart(bytes[nameStart]) else { return false }
        escape(index..<nameStart)
        emit(.keyword, nameStart..<nameEnd(from: nameStart))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                break  // unclosed: the next tag starts
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                let end = bytes[(index + 1)...].firstIndex(of: byte).map { $0 + 1 } ?? bytes.count
                emit(.string, index..<end)
            } else if isWordStart(byte) {
                emit(.attribute, index..<nameEnd(from: index))
            } else {
                escape(index..<(index + 1))
                index += 1
                if byte == UInt8(ascii: ">") { break }
            }
        }
        return true
    }

    /// The end of a tag's or attribute's name starting at `start`: letters, digits, `-`, `:`, `.` and `_`.
    private func nameEnd(from start: Int) -> Int {
        var position = start
        while position < bytes.count, isWordByte(bytes[position]) || "-:.".utf8.contains(bytes[position]) { position += 1 }
        return position
    }
}
