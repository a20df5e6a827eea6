import Foundation

/// One pass over cmark's HTML: adds `id` attributes to headings (unique within the document)
/// and makes each heading's text a link to itself (the theme's heading anchor), puts the
/// base path in front of root-relative `href` and `src` values, and makes the parts a
/// keyboard user must reach reachable: code blocks and tables, which may scroll sideways,
/// take the focus (a code block named by its fence's language), and a task list's checkbox
/// is labelled by its item's text (in a loose list, inside the item's first paragraph). An
/// image alone in its paragraph with a title (`![An owl](owl.svg "The demo's owl")`) becomes
/// a figure with the title as its caption.
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
        // Where the anchor around a heading's text, and the label around a checkbox and its
        // text, end: each at a `<`, where the copying below always stops.
        var anchorEnd = -1, labelEnd = -1
        // A heading's `{#id .class}` (between its text and its end tag), which is not copied.
        var skipFrom = -1, skipTo = -1
        // Where a figure's paragraph ends (its `</p>`), and the caption it ends with.
        var figureEnd = -1, caption: ArraySlice<UInt8> = []
        var index = 0
        while index < html.count {
            let byte = html[index]
            if index == anchorEnd {
                output.append("</a>")
                anchorEnd = -1
            }
            if index == skipFrom {
                index = skipTo
                skipFrom = -1
                continue
            }
            if index == labelEnd {
                output.append("</label>")
                labelEnd = -1
            }
            if index == figureEnd {
                output.append("<figcaption>")
                output.append(contentsOf: caption)
                output.append("</figcaption></figure>")
                figureEnd = -1
                index += Self.paragraphClose.count
                continue
            }
            // What a tag can be is told by its name's first letter, looked at before any of
            // the tags below is compared with it: every tag of every body comes by here.
            let tagLetter = byte == UInt8(ascii: "<") && index + 1 < html.count ? html[index + 1] : 0
            if tagLetter == UInt8(ascii: "p"), figureEnd < 0, let figure = captionedImage(html, at: index) {
                output.append("<figure>")
                (figureEnd, caption) = figure
                index += Self.imageParagraph.count - Self.imageOpen.count  // past `<p>`, at `<img `
                continue
            }
            if tagLetter == UInt8(ascii: "h"), let level = headingLevel(html, at: index) {
                let contentStart = index + 4
                let contentEnd = firstTag(among: CollectionOfOne(Self.headingEnds[level]), in: html, from: contentStart, to: html.count) ?? html.count
                var content = html[contentStart..<contentEnd]
                // `{#id .class}` at the end of the heading, marked by ``HeadingAttributes``.
                var attributes: (id: String?, classes: [String]) = (nil, [])
                // (Most headings have none: the first byte of the marker is looked for first,
                // which takes a fraction of the time of Foundation's search for all three.)
                if content.contains(Self.attributesOpen[0]), let marker = content.firstRange(of: Self.attributesOpen), let end = content[marker.upperBound...].firstRange(of: Self.attributesClose) {
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
                // The text ends where its `{#id .class}` began; that part is left out.
                let textEnd = content.endIndex
                if textEnd < contentEnd { (skipFrom, skipTo) = (textEnd, contentEnd) }
                // A heading that holds a link already keeps its text as it is: links do not nest.
                if contentEnd < html.count, firstTag(among: CollectionOfOne(Self.linkStart), in: html, from: contentStart, to: textEnd) == nil {
                    output.append(##"<a class="anchor" href="#"##)
                    output.append(utf8Of: Self.attributeEscaped(id))
                    output.append(#"">"#)
                    anchorEnd = textEnd
                }
                index = contentStart
                continue
            }
            if tagLetter == UInt8(ascii: "p"), startsWith(Self.preOpen, html, at: index) {
                output.append(#"<pre tabindex="0""#)
                if let language = codeLanguage(html, at: index + Self.preOpen.count) {
                    output.append(#" role="group" data-language=""#)
                    output.append(contentsOf: language)
                    output.append(#"" aria-label=""#)
                    output.append(contentsOf: language)
                    output.append("\"")
                }
                output.append(">")
                index += Self.preOpen.count
                continue
            }
            if tagLetter == UInt8(ascii: "t"), startsWith(Self.tableOpen, html, at: index) {
                output.append(#"<table tabindex="0">"#)
                index += Self.tableOpen.count
                continue
            }
            if tagLetter == UInt8(ascii: "i"), labelEnd < 0, startsWith(Self.checkbox, html, at: index) {
                // In a loose list cmark puts the checkbox before its item's paragraph, where a
                // label would hold no text and name nothing: it goes into the paragraph.
                if let paragraph = paragraphAfterCheckbox(html, at: index) {
                    output.append("<p><label>")
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: html[index..<paragraph.checkboxEnd]))
                    output.append(" ")
                    index = paragraph.textStart
                    labelEnd = firstTag(among: Self.itemTextEnds, in: html, from: index, to: html.count) ?? html.count
                    continue
                }
                labelEnd = firstTag(among: Self.itemTextEnds, in: html, from: index + 1, to: html.count) ?? html.count
                output.append("<label>")
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
            var end = prefix.isEmpty ? nextTag : min(nextTag, nextQuote)
            if skipFrom > index { end = min(end, skipFrom) }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: html[index..<end]))
            index = end
        }
        // A task whose text nothing ends (cmark ends each with its item) is labelled to the end.
        if labelEnd == html.count { output.append("</label>") }
        return String(decoding: output, as: UTF8.self)
    }

    private static let linkStart = Array("<a ".utf8), preOpen = Array("<pre>".utf8), tableOpen = Array("<table>".utf8)
    private static let codeOpen = Array(#"<code class="language-"#.utf8)
    /// A task list item's checkbox, as cmark-gfm writes it.
    private static let checkbox = Array(#"<input type="checkbox""#.utf8)
    /// For the checkbox at `index` followed by nothing but white space and then a paragraph
    /// (a task of a loose list): where the checkbox's tag ends, and where the paragraph's text starts.
    private func paragraphAfterCheckbox(_ html: UnsafeBufferPointer<UInt8>, at index: Int) -> (checkboxEnd: Int, textStart: Int)? {
        guard let close = ByteSearch.firstOffset(of: UInt8(ascii: ">"), in: UnsafeRawBufferPointer(html), from: index) else { return nil }
        let checkboxEnd = close + 1
        var next = checkboxEnd
        while next < html.count, html[next] == UInt8(ascii: " ") || html[next] == UInt8(ascii: "\n") { next += 1 }
        guard startsWith(Self.paragraphOpen, html, at: next) else { return nil }
        return (checkboxEnd, next + Self.paragraphOpen.count)
    }

    private static let paragraphOpen = Array("<p>".utf8)

    /// What ends the text of a task list item that labels its checkbox: the item, its
    /// paragraph, or a list nested in it.
    private static let itemTextEnds = ["</li>", "</p>", "<ul", "<ol", "<p>", "<div", "<pre", "<blockquote"].map { Array($0.utf8) }

    private static let imageParagraph = Array("<p><img ".utf8), imageOpen = Array("<img ".utf8), paragraphClose = Array("</p>".utf8)
    private static let titleAttribute = Array(#" title=""#.utf8), imageClose = Array(" />".utf8)

    /// For a paragraph at `index` that holds only an image with a title: where its `</p>`
    /// is, and the title (escaped as the attribute has it, so as it must be in text).
    private func captionedImage(_ html: UnsafeBufferPointer<UInt8>, at index: Int) -> (end: Int, caption: ArraySlice<UInt8>)? {
        guard startsWith(Self.imageParagraph, html, at: index) else { return nil }
        let bytes = UnsafeRawBufferPointer(html)
        // cmark writes the image's attributes without a `>` inside (it escapes them).
        guard let close = ByteSearch.firstOffset(of: UInt8(ascii: ">"), in: bytes, from: index + Self.imageParagraph.count),
              close >= 2, startsWith(Self.imageClose, html, at: close - 2), startsWith(Self.paragraphClose, html, at: close + 1),
              let title = ByteSearch.firstOffset(of: Self.titleAttribute, in: UnsafeRawBufferPointer(rebasing: bytes[index..<close]), from: 0)
        else { return nil }
        let start = index + title + Self.titleAttribute.count
        guard let end = ByteSearch.firstOffset(of: UInt8(ascii: "\""), in: bytes, from: start), end < close, end > start else { return nil }
        return (close + 1, ArraySlice(html[start..<end]))
    }

    /// Whether `html` holds `bytes` at `index`.
    private func startsWith(_ bytes: [UInt8], _ html: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index >= 0 && index + bytes.count <= html.count
            && bytes.withUnsafeBufferPointer { memcmp(html.baseAddress! + index, $0.baseAddress!, bytes.count) == 0 }
    }

    /// The offset of the first of `tags` (each starting with `<`) in `html` from `start`,
    /// wholly before `end`: each `<` is found by `memchr` and compared with the tags. What
    /// is looked for here (the end of a heading, of a task's text, a link in a heading) is a
    /// few tags on: a search of the rest of the body for each of the eight ends of a task's
    /// text (`memmem`) took 9 of the 71 million instructions this pass took in a cold build of
    /// 1,000 posts.
    private func firstTag(among tags: some Collection<[UInt8]>, in html: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        // Searched up to `end` only: the bytes before it, whose offsets are the same.
        let searched = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(html)[..<end])
        var candidate = start
        while let offset = ByteSearch.firstOffset(of: UInt8(ascii: "<"), in: searched, from: candidate) {
            if tags.contains(where: { offset + $0.count <= end && startsWith($0, html, at: offset) }) { return offset }
            candidate = offset + 1
        }
        return nil
    }

    /// The language of the code at `index`, just inside a `<pre>`: `js` of `<code class="language-js">`,
    /// as escaped HTML; nil for a block whose fence names none.
    private func codeLanguage(_ html: UnsafeBufferPointer<UInt8>, at index: Int) -> ArraySlice<UInt8>? {
        guard startsWith(Self.codeOpen, html, at: index) else { return nil }
        let start = index + Self.codeOpen.count
        var end = start
        while end < html.count, html[end] != UInt8(ascii: "\""), end - start < 64 { end += 1 }
        guard end < html.count, html[end] == UInt8(ascii: "\""), end > start else { return nil }
        return ArraySlice(html[start..<end])
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
        Self.linkAttributes.contains { bytes in startsWith(bytes, html, at: index - bytes.count) }
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
        let slug = HeadingID.github(String(HeadingID.trimmingWhitespace(text)))
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
        // Looked at in the string's own bytes: through its `utf8` view, each byte of each
        // heading's id took some 40 instructions.
        var copy = text
        guard copy.withUTF8({ $0.contains { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "<") } }) else { return text }
        return text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "<", with: "&lt;")
    }
}
