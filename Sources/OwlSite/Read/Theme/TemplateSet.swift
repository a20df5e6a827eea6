import Foundation
import Mustache
import Owl

/// The theme: the built-in templates and assets, with a site's own `Templates/` files in their place.
struct TemplateSet: Sendable {
    /// The templates, by name (`layouts/base`, `partials/header`, `cells/PostCell`), each compiled once.
    var library: TemplateLibrary { threadTemplates.library }
    /// The templates, and a copy of them for each thread that renders (``ThreadTemplates``).
    private let threadTemplates: ThreadTemplates
    /// Template names that exist.
    let names: Set<String>
    /// Template texts by name, for Owl's cell adapters.
    let texts: [String: String]
    /// Files under `assets/`, copied to the output's `assets/`, by path below `Templates/`.
    let assets: [String: [UInt8]]
    /// A hash of every template and asset, for the build cache.
    let fingerprint: String
    /// Whether a cell template, or a template it includes, uses an item's body (`content`, `toc`, `wordCount`, `readingTime`):
    /// then a list changes with the body of any item in it, not only with what else the item says.
    let cellsShowContent: Bool

    /// The built-in theme with the files of `folder` (when it exists) replacing or adding to
    /// it. Its templates are taken from `cache` when it kept this theme's, and kept there once
    /// parsed and checked when it did not.
    init(overrides folder: URL?, sourceRoot: URL, cache: ThemeCache = .none) throws {
        var texts: [String: (text: String, file: String)] = [:]
        var assets: [String: [UInt8]] = [:]
        for (path, text) in EmbeddedTheme.files {
            if path.hasSuffix(".mustache") {
                texts[String(path.dropLast(9))] = (text, "(built-in) Templates/\(path)")
            } else {
                assets[path] = Array(text.utf8)
            }
        }
        if let folder, FileManager.default.fileExists(atPath: folder.path) {
            for path in try FileTree.files(below: folder) {
                let url = folder.appendingPathComponent(path)
                let display = FileTree.display(url, relativeTo: sourceRoot)
                if path.hasSuffix(".mustache") {
                    texts[String(path.dropLast(9))] = (try SourceText.read(url, displayName: display), display)
                } else {
                    assets[path] = try SourceText.bytes(url, displayName: display)
                }
            }
        }

        var hash = ContentHasher()
        for name in texts.keys.sorted() {
            hash.update(with: name)
            hash.update(with: texts[name]!.text)
        }
        for path in assets.keys.sorted() {
            hash.update(with: path)
            hash.update(with: assets[path]!)
        }
        let names = Set(texts.keys)
        self.names = names
        self.texts = texts.mapValues(\.text)
        self.assets = assets.filter { $0.key.hasPrefix("assets/") }
        self.fingerprint = hash.hash.description
        if let kept = cache.load(fingerprint: fingerprint) {
            threadTemplates = ThreadTemplates(TemplateLibrary(texts: self.texts, compiled: kept.compiled))
            cellsShowContent = kept.cellsShowContent
            return
        }

        let tags = texts.mapValues { Self.tags(in: $0.text) }
        // Before parsing, which recurses: sections nested thousands deep would overflow the stack.
        let includes = try Self.checkIncludesAndNesting(tags, files: texts.mapValues(\.file), names: names)
        var parsed: [String: MustacheTemplate] = [:]
        for name in texts.keys.sorted() {
            let (text, file) = texts[name]!
            do {
                parsed[name] = try MustacheTemplate(string: text)
            } catch let error as MustacheTemplate.ParserError {
                throw SiteError(file: file, line: error.context.lineNumber, "template syntax error: \(Self.explain(error.error))")
            }
        }
        threadTemplates = ThreadTemplates(TemplateLibrary(parsed))
        let shownByCells = Self.reachable(from: names.filter { $0.hasPrefix("cells/") }, through: includes)
        cellsShowContent = shownByCells.contains { name in
            tags[name, default: []].contains { tag in
                Self.bodyValues.contains { tag.name == $0 || tag.name.hasPrefix($0 + ".") }
            }
        }
        cache.save(ThemeCache.Entry(compiled: library.compiled, cellsShowContent: cellsShowContent), fingerprint: fingerprint)
    }

    /// The values of an item that come from its body: `content`, its table of contents and its length.
    private static let bodyValues = ["content", "toc", "wordCount", "readingTime", "readingTimeDisplay"]

    /// Renders the template `name`, which exists.
    func render(_ name: String, _ values: [String: TemplateValue]) -> String {
        threadTemplates.forThisThread.render(.map(values), withTemplate: name) ?? ""
    }

    /// Renders a cell or fragment template without the newline its file ends with.
    func renderFragment(_ name: String, _ values: [String: TemplateValue]) -> String {
        var html = render(name, values)
        while html.last?.isNewline == true { html.removeLast() }
        return html
    }

    /// One `{{…}}` tag of a template: its sigil (`#`, `^`, `/`, `>`, `<`, `$`, `&`, `{`, `!`,
    /// `=`; nil for a variable), its name and its line.
    private struct Tag {
        var sigil: Character?
        var name: String
        var line: Int
    }

    /// The tags of `text` in order, following set-delimiter tags (`{{=<% %>=}}`) as
    /// Mustache does, so that no include or section escapes the checks below.
    private static func tags(in text: String) -> [Tag] {
        var tags: [Tag] = []
        var (open, close) = ("{{", "}}")
        var rest = text[...]
        var line = 1
        while let start = firstRange(of: open, in: rest) {
            let after = rest[start.upperBound...]
            guard let end = firstRange(of: close, in: after) else { break }
            line += newlines(in: rest[..<start.lowerBound])
            let inside = after[..<end.lowerBound].trimmingCharacters(in: .whitespaces)
            let sigil = inside.first.flatMap { "#^/><$&{!=".contains($0) ? $0 : nil }
            if sigil == "=", inside.count > 2, inside.hasSuffix("=") {
                let delimiters = inside.dropFirst().dropLast().split(whereSeparator: \.isWhitespace)
                if delimiters.count == 2 { (open, close) = (String(delimiters[0]), String(delimiters[1])) }
            }
            let name = inside.dropFirst(sigil == nil ? 0 : 1).trimmingCharacters(in: CharacterSet(charactersIn: " \t}"))
            tags.append(Tag(sigil: sigil, name: name, line: line))
            line += newlines(in: after[..<end.upperBound])
            rest = after[end.upperBound...]
        }
        return tags
    }

    /// The first range of `pattern` in `text`: found by bytes when it is ASCII (as delimiters
    /// are, as a rule), by Foundation otherwise.
    private static func firstRange(of pattern: String, in text: Substring) -> Range<String.Index>? {
        let bytes = pattern.utf8
        guard let first = bytes.first, bytes.allSatisfy({ $0 < 0x80 }) else { return text.range(of: pattern) }
        let utf8 = text.utf8
        var from = utf8.startIndex
        while let found = utf8[from...].firstIndex(of: first) {
            if utf8[found...].starts(with: bytes) { return found..<utf8.index(found, offsetBy: bytes.count) }
            from = utf8.index(after: found)
        }
        return nil
    }

    private static func newlines(in text: Substring) -> Int {
        text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    /// How deep a template's sections and includes may nest, counting those of the templates
    /// it includes: templates are parsed and rendered by recursion, and thousands of levels
    /// would overflow the stack. Real themes nest a few levels.
    static let nestingLimit = 100
    private static let tooDeep = "sections and included templates nest more than \(nestingLimit) deep"

    /// How deep `tags` nest sections and includes, an include counting one level more than
    /// `includedDepth` gives for the template it names; and the line of the first tag that
    /// takes the nesting past ``nestingLimit``, if one does.
    private static func nesting(of tags: [Tag], includedDepth: (String) -> Int) -> (depth: Int, lineTooDeep: Int?) {
        var level = 0, deepest = 0, lineTooDeep: Int?
        for tag in tags {
            switch tag.sigil {
            case "#", "^", "$": level += 1; deepest = max(deepest, level)
            case "/": level = max(0, level - 1)
            case ">": deepest = max(deepest, level + 1 + includedDepth(tag.name))
            // A parent template (`{{<parent}}…{{/parent}}`) is included, and its tag is closed as a section's is.
            case "<": level += 1; deepest = max(deepest, level + includedDepth(tag.name))
            default: continue
            }
            if deepest > nestingLimit, lineTooDeep == nil { lineTooDeep = tag.line }
        }
        return (deepest, lineTooDeep)
    }

    /// `starts` and every template they include, directly or through others.
    private static func reachable(from starts: some Sequence<String>, through includes: [String: [String]]) -> Set<String> {
        var found = Set<String>(), pending = Array(starts)
        while let name = pending.popLast() {
            if found.insert(name).inserted { pending += includes[name] ?? [] }
        }
        return found
    }

    private static func explain(_ error: any Error) -> String {
        switch error as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect?: "a section is closed with the wrong name"
        case .unfinishedName?: "a tag is not finished"
        case .expectedSectionEnd?: "a section is not closed"
        case .invalidSetDelimiter?: "a set-delimiter tag is malformed"
        default: "\(error)"
        }
    }

    /// Every `{{> partial}}` and `{{<parent}}` must name a template (not a dynamic `*name`),
    /// and no template may include itself, even through others: the site's values are looked
    /// up through every enclosing section, so such an include never ends. Sections and
    /// includes may nest ``nestingLimit`` deep, counting what a template includes. Returns
    /// the templates each template includes.
    private static func checkIncludesAndNesting(_ tags: [String: [Tag]], files: [String: String], names: Set<String>) throws -> [String: [String]] {
        var includes: [String: [(partial: String, line: Int)]] = [:]
        for name in tags.keys.sorted() {
            for tag in tags[name]! where tag.sigil == ">" || tag.sigil == "<" {
                if tag.name.hasPrefix("*") {
                    throw SiteError(file: files[name]!, line: tag.line,
                                    "'{{\(tag.sigil!)\(tag.name)}}' names its template dynamically, which owl-site does not support; name the template")
                }
                if !names.contains(tag.name) {
                    throw SiteError(file: files[name]!, line: tag.line, "template '\(tag.name)' not found (looked for Templates/\(tag.name).mustache)")
                }
                includes[name, default: []].append((tag.name, tag.line))
            }
        }
        var finished = Set<String>()
        func visit(_ name: String, path: [String]) throws {
            guard !finished.contains(name) else { return }
            for (partial, line) in includes[name] ?? [] {
                let chain = path + [name]
                if let start = chain.firstIndex(of: partial) {
                    let cycle = (chain[start...] + [partial]).joined(separator: " → ")
                    throw SiteError(file: files[name]!, line: line, "template '\(partial)' includes itself (\(cycle))")
                }
                try visit(partial, path: chain)
            }
            finished.insert(name)
        }
        for name in includes.keys.sorted() { try visit(name, path: []) }
        // No cycles: each template's nesting, through what it includes, is worked out once.
        var nestings: [String: (depth: Int, lineTooDeep: Int?)] = [:]
        func nesting(_ name: String) -> (depth: Int, lineTooDeep: Int?) {
            if let known = nestings[name] { return known }
            let found = Self.nesting(of: tags[name] ?? [], includedDepth: { nesting($0).depth })
            nestings[name] = found
            return found
        }
        for name in tags.keys.sorted() {
            if let line = nesting(name).lineTooDeep {
                throw SiteError(file: files[name]!, line: line, "template syntax error: \(tooDeep)")
            }
        }
        return includes.mapValues { $0.map(\.partial) }
    }
}
