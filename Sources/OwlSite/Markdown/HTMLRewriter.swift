import Foundation

/// One pass over cmark's HTML: adds `id` attributes to headings (unique within the document)
/// and puts the base path in front of root-relative `href` and `src` values.
struct HTMLRewriter {
    var rootPath: String

    func rewrite(_ html: UnsafeBufferPointer<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(html.count + 256)
        let prefix = Array(rootPath.utf8.dropLast())
        var usedIDs: [String: Int] = [:]
        let bytes = UnsafeRawBufferPointer(html)
        // The next `<`, and the next `"` (which only matters with a base path), each found once.
        var nextTag = -1, nextQuote = -1
        var index = 0
        while index < html.count {
            let byte = html[index]
            if byte == UInt8(ascii: "<"), let level = headingLevel(html, at: index) {
                let contentStart = index + 4
                let contentEnd = ByteSearch.firstOffset(of: Self.headingEnds[level], in: bytes, from: contentStart) ?? html.count
                let id = uniqueID(for: plainText(html[contentStart..<contentEnd]), used: &usedIDs)
                output.append(contentsOf: html[index..<(index + 3)])  // `<hN`
                output.append(#" id=""#)
                output.append(utf8Of: id)
                output.append(#"">"#)
                index = contentStart
                continue
            }
            if !prefix.isEmpty, byte == UInt8(ascii: "\""), index + 1 < html.count, html[index + 1] == UInt8(ascii: "/"),
               index + 2 >= html.count || html[index + 2] != UInt8(ascii: "/"), endsWithLinkAttribute(html, before: index) {
                output.append(byte)
                output.append(contentsOf: prefix)
                index += 1
                continue
            }
            // Copy the run up to the next byte that may start a heading or a link value.
            if nextTag <= index { nextTag = ByteSearch.firstOffset(of: UInt8(ascii: "<"), in: bytes, from: index + 1) ?? html.count }
            if !prefix.isEmpty, nextQuote <= index {
                nextQuote = ByteSearch.firstOffset(of: UInt8(ascii: "\""), in: bytes, from: index + 1) ?? html.count
            }
            let end = prefix.isEmpty ? nextTag : min(nextTag, nextQuote)
            output.append(contentsOf: UnsafeBufferPointer(rebasing: html[index..<end]))
            index = end
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `</hN>` for each heading level `N` (index 0 unused).
    private static let headingEnds = (0...6).map { Array("</h\($0)>".utf8) }

    /// `<h1>` … `<h6>` with no attributes at `index`.
    private func headingLevel(_ html: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard index + 3 < html.count, html[index + 1] == UInt8(ascii: "h"), html[index + 3] == UInt8(ascii: ">") else { return nil }
        let digit = Int(html[index + 2]) - Int(UInt8(ascii: "0"))
        return (1...6).contains(digit) ? digit : nil
    }

    /// Whether the bytes before `index` are ` href=` or ` src=`.
    private func endsWithLinkAttribute(_ html: UnsafeBufferPointer<UInt8>, before index: Int) -> Bool {
        Self.linkAttributes.contains { bytes in index >= bytes.count && html[(index - bytes.count)..<index].elementsEqual(bytes) }
    }

    private static let linkAttributes = [Array(" href=".utf8), Array(" src=".utf8)]

    /// The heading's text without tags, with the common entities decoded.
    private func plainText(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        var text: [UInt8] = []
        var inTag = false
        for byte in bytes {
            if byte == UInt8(ascii: "<") { inTag = true } else if byte == UInt8(ascii: ">") { inTag = false } else if !inTag { text.append(byte) }
        }
        let plain = String(decoding: text, as: UTF8.self)
        guard text.contains(UInt8(ascii: "&")) else { return plain }
        return plain
            .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
    }

    private func uniqueID(for text: String, used: inout [String: Int]) -> String {
        let slug = SitePath.slugify(text)
        let base = slug.isEmpty ? "section" : slug
        let count = used[base, default: 0]
        used[base] = count + 1
        return count == 0 ? base : "\(base)-\(count)"
    }
}
