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
                var content = html[contentStart..<contentEnd]
                // `{#id .class}` at the end of the heading, marked by ``HeadingAttributes``.
                var attributes: (id: String?, classes: [String]) = (nil, [])
                if let marker = content.firstRange(of: Self.attributesOpen), let end = content[marker.upperBound...].firstRange(of: Self.attributesClose) {
                    attributes = HeadingAttributes.parse(Substring(decoding: content[marker.upperBound..<end.lowerBound], as: UTF8.self))
                    content = content[..<marker.lowerBound]
                }
                let id = attributes.id.map { explicit in
                    usedIDs[explicit, default: 0] += 1
                    return explicit
                } ?? uniqueID(for: plainText(content), used: &usedIDs)
                output.append(contentsOf: html[index..<(index + 3)])  // `<hN`
                output.append(#" id=""#)
                output.append(utf8Of: Self.attributeEscaped(id))
                output.append(#"""#)
                if !attributes.classes.isEmpty {
                    output.append(#" class=""#)
                    output.append(utf8Of: Self.attributeEscaped(attributes.classes.joined(separator: " ")))
                    output.append(#"""#)
                }
                output.append(">")
                output.append(contentsOf: content)
                index = contentEnd
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

    /// GitHub's id for a heading of `text` (``HeadingID``), numbered as GitHub numbers a
    /// second heading of the same text (`notes`, `notes-1`, `notes-2`).
    private func uniqueID(for text: String, used: inout [String: Int]) -> String {
        let slug = HeadingID.github(text.trimmingCharacters(in: .whitespaces))
        let base = slug.isEmpty ? "section" : slug
        var count = used[base, default: 0]
        var id = count == 0 ? base : "\(base)-\(count)"
        while count > 0, used[id] != nil {  // an id given by hand may already hold the number
            count += 1
            id = "\(base)-\(count)"
        }
        used[base] = count + 1
        if id != base { used[id, default: 0] += 1 }
        return id
    }

    private static let attributesOpen = Array(String(HeadingAttributes.open).utf8)
    private static let attributesClose = Array(String(HeadingAttributes.close).utf8)

    /// `text` as an attribute's value.
    private static func attributeEscaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "<") }) else { return text }
        return text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "<", with: "&lt;")
    }
}
