import Foundation
import CMarkGFM

/// What a Markdown document holds that owl-site does not show as its author meant it:
/// raw HTML that `rawHTML: false` leaves out, and the syntax of other generators, which
/// prints as written (Liquid's `{{ … }}` and `{% … %}`, Hugo's shortcodes `{{< … >}}` and
/// `{{% … %}}`, kramdown's attribute lists `{: … }`). Found in the parsed document, so that
/// code spans and blocks, which show such text on purpose, are left alone. Each kind is one
/// warning per file, with its count and first line.
struct ForeignSyntax {
    /// A kind of lost content, and how many there are from its first line on.
    private struct Finding {
        var count = 0
        var firstLine = 0

        mutating func add(_ number: Int, at line: Int) {
            if count == 0 || line < firstLine { firstLine = line }
            count += number
        }
    }

    private var rawHTML = Finding(), liquid = Finding(), shortcodes = Finding(), attributeLists = Finding()

    /// Looks through `document`; `countsRawHTML` when raw HTML is left out of the page.
    init(document: OpaquePointer, countsRawHTML: Bool) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        var blockLine = 1
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let line = Int(cmark_node_get_start_line(node))
            let type = cmark_node_get_type(node)
            if line > 0, type.rawValue & 0xc000 != 0xc000 { blockLine = line }  // not CMARK_NODE_TYPE_INLINE
            let at = line > 0 ? line : blockLine
            switch type {
            case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
                if countsRawHTML, let literal = cmark_node_get_literal(node), !Self.isComment(String(cString: literal)) {
                    rawHTML.add(1, at: at)
                }
            case CMARK_NODE_TEXT:
                // Text is split at characters that may begin inline markup: adjacent pieces are read as one.
                if let previous = cmark_node_previous(node), cmark_node_get_type(previous) == CMARK_NODE_TEXT { continue }
                // Every syntax looked for begins with a brace, which most text lacks: the pieces
                // are searched as cmark-gfm holds them, and made a string only when one has it
                // (making a string of every piece of text took a cold build 2% of its time).
                guard Self.piecesHoldBrace(from: node) else { continue }
                var text = ""
                var piece: OpaquePointer? = node
                while let current = piece, cmark_node_get_type(current) == CMARK_NODE_TEXT {
                    if let literal = cmark_node_get_literal(current) { text += String(cString: literal) }
                    piece = cmark_node_next(current)
                }
                scan(text, at: at)
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                // A brace, or `%7B` that stands for one.
                if let url = cmark_node_get_url(node), strchr(url, Int32(UInt8(ascii: "{"))) != nil || strchr(url, Int32(UInt8(ascii: "%"))) != nil {
                    scan(String(cString: url).removingPercentEncodingOfBraces, at: at)
                }
            default:
                break
            }
        }
    }

    /// Whether the text node `node`, or a text node right after it, holds a `{`.
    private static func piecesHoldBrace(from node: OpaquePointer) -> Bool {
        var piece: OpaquePointer? = node
        while let current = piece, cmark_node_get_type(current) == CMARK_NODE_TEXT {
            if let literal = cmark_node_get_literal(current), strchr(literal, Int32(UInt8(ascii: "{"))) != nil { return true }
            piece = cmark_node_next(current)
        }
        return false
    }

    /// Counts the other generators' syntax in `text`.
    private mutating func scan(_ text: String, at line: Int) {
        guard text.utf8.contains(UInt8(ascii: "{")) else { return }
        let shortcodeCount = text.matches(of: /\{\{[<%]/).count
        let liquidCount = text.matches(of: /\{\{(?![<%])|\{%/).count
        let attributeCount = text.matches(of: /\{:[^}\n]*\}/).count
        if shortcodeCount > 0 { shortcodes.add(shortcodeCount, at: line) }
        if liquidCount > 0 { liquid.add(liquidCount, at: line) }
        if attributeCount > 0 { attributeLists.add(attributeCount, at: line) }
    }

    private static func isComment(_ html: String) -> Bool {
        let trimmed = html.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.hasPrefix("<!--") && trimmed.hasSuffix("-->")
    }

    /// The warnings, for `file`, whose body's line 1 is the file's `firstLine`.
    func warnings(file: String, firstLine: Int) -> [SiteError] {
        var warnings: [SiteError] = []
        func add(_ finding: Finding, _ message: (String) -> String, one: String, many: String) {
            guard finding.count > 0 else { return }
            let counted = finding.count == 1 ? "1 \(one)" : "\(finding.count) \(many)"
            warnings.append(SiteError(file: file, line: finding.firstLine + firstLine - 1, message(counted)))
        }
        add(rawHTML, { "\($0) of raw HTML left out (the first here); owl.yml's `rawHTML: true` keeps raw HTML" },
            one: "piece", many: "pieces")
        add(liquid, { "\($0) shown as written (the first here): owl-site does not run Liquid" },
            one: "Liquid tag or output ({{ … }}, {% … %})", many: "Liquid tags or outputs ({{ … }}, {% … %})")
        add(shortcodes, { "\($0) shown as written (the first here): owl-site has no shortcodes" },
            one: "Hugo shortcode ({{< … >}}, {{% … %}})", many: "Hugo shortcodes ({{< … >}}, {{% … %}})")
        add(attributeLists, { "\($0) shown as written (the first here): owl-site reads attributes only at the end of headings ({#id .class})" },
            one: "kramdown attribute list ({: … })", many: "kramdown attribute lists ({: … })")
        return warnings
    }
}

private extension String {
    /// A link's address with `%7B` and `%7D` read back as braces: cmark-gfm escapes them,
    /// and `[post]({% post_url x %})` is Liquid all the same.
    var removingPercentEncodingOfBraces: String {
        // Most addresses hold no escape; each replacement goes through Foundation's NSString.
        guard utf8.contains(UInt8(ascii: "%")) else { return self }
        return replacingOccurrences(of: "%7B", with: "{").replacingOccurrences(of: "%7D", with: "}").replacingOccurrences(of: "%25", with: "%")
            .replacingOccurrences(of: "%20", with: " ")
    }
}
