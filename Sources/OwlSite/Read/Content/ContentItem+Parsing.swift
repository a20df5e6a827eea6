import Foundation

extension ContentItem {
    /// Reads the front matter of `text` (the file `source`, at `relativePath` below `content/`)
    /// and renders its body with `markdown`. The keys of Hugo, Jekyll and Zola are read as
    /// those generators read them (docs/content.md lists them).
    init(parsing text: String, source: String, relativePath: String, markdown: MarkdownRenderer) throws {
        let frontMatter = try FrontMatter(parsing: text, file: source)
        // Split by bytes, as the file system names them: split by characters, a `/` before a
        // combining mark was no separator, and each item's path took 8,700 instructions.
        var folders = relativePath.utf8.split(separator: UInt8(ascii: "/")).map { String(Substring($0)) }
        let fileName = folders.removeLast()
        let baseName = String(fileName[..<(fileName.lastIndex(of: ".") ?? fileName.endIndex)])
        // `posts/trip/index.md` is the page of its folder, `/posts/trip/`, beside the images
        // and files it shows (a bundle); `index.md` at the top is the home page.
        let isBundle = SitePath.bundleFolder(ofFile: relativePath[...]) != nil
        let components = isBundle ? Array(folders.dropLast()) : folders
        let fullName = isBundle ? folders[folders.count - 1] : baseName
        // Jekyll's posts are named `YYYY-MM-DD-slug.md`: the date is the post's, the rest its name.
        let datedName = DatedName(fullName)
        let name = datedName?.name ?? fullName

        kind = .page
        self.source = source
        section = components.first ?? ""
        path = ""
        title = ""  // set below: from the front matter, or else from `name`
        draft = false
        html = .rendered("")
        links = []
        aliasFiles = []
        warnings = frontMatter.warnings

        var slug = name
        var publishDate: Date?, publishDateIsFloating = false
        var excerptSeparator: String?
        var budget = FieldValue.limit
        for field in frontMatter.fields {
            // Hugo reads its keys in any case (`publishDate`, `publishdate`); Jekyll and Zola write them in lower case.
            let key = field.key.lowercased()
            lines[field.key] = field.line
            if key != field.key, lines[key] == nil { lines[key] = field.line }
            switch key {
            case "title": title = try field.string()
            case "date":
                date = try field.date()
                dateIsFloating = try field.isFloatingDate()
            case "lastmod", "updated", "last_modified_at":
                lastmod = try field.date()
                lastmodIsFloating = try field.isFloatingDate()
            case "publishdate", "pubdate":
                publishDate = try field.date()
                publishDateIsFloating = try field.isFloatingDate()
            case "expirydate", "unpublishdate": expiryDate = try field.date()
            case "tags": tags = try field.strings(separatedBy: ",")  // `tags: swift, web` means two
            case "categories":
                taxonomies["categories", default: []] += try field.strings(separatedBy: ",")
                params[field.key] = try field.fieldValue(budget: &budget)
            case "category":
                taxonomies["categories", default: []] += try field.strings()
                params[field.key] = try field.fieldValue(budget: &budget)
            case "taxonomies":
                // Zola: `[taxonomies]` with a list of terms for each taxonomy.
                for (name, terms) in try field.map() {
                    let names = try terms.textList(key: "taxonomies.\(name)", file: source, line: field.line)
                    if name == "tags" { tags += names } else { taxonomies[name, default: []] += names }
                }
            case "summary":
                // Empty is none (templates count an empty string as a value, `{{#summary}}`).
                let text = try field.string()
                summary = text.isEmpty ? nil : text
            case "draft":
                let isDraft = try field.bool()
                draft = draft || isDraft
            case "published":
                let isPublished = try field.bool()
                draft = draft || !isPublished  // Jekyll: `published: false` is not published
            case "weight": weight = try field.int()
            case "layout": layout = try field.string()
            case "slug": slug = try field.string()
            case "url", "permalink", "path": permalink = try field.string()
            case "aliases", "redirect_from": aliases += try field.strings()
            case "author", "authors":
                let value = try field.fieldValue(budget: &budget)
                author = author ?? Self.authorName(value)
                params[field.key] = value
            case "excerpt_separator": excerptSeparator = try field.string()
            case "extra", "params":
                // Zola's `[extra]` and Hugo's `[params]`: templates see them as they are, and their keys beside the others'.
                let value = try field.fieldValue(budget: &budget)
                params[field.key] = value
                if case let .map(entries) = value { for (name, item) in entries where params[name] == nil { params[name] = item } }
            default: params[field.key] = try field.fieldValue(budget: &budget)
            }
        }
        if date == nil, let publishDate {
            date = publishDate
            dateIsFloating = publishDateIsFloating
        } else if date == nil, let datedName {
            date = datedName.date
            dateIsFloating = true
            lines["date"] = 1
        }
        // A publication date in the future keeps the item out until then, as a future date does.
        if let publishDate, let date, publishDate > date { self.date = publishDate }

        try SitePath.validate(folders: folders, in: source)
        if baseName == "_index" || (folders.isEmpty && baseName == "index") {
            guard components.count <= 1 else {
                throw SiteError(file: source, line: 1, "_index.md belongs at the top of a section folder (content/SECTION/_index.md)")
            }
            kind = components.isEmpty ? .home : .sectionIndex
            // Without a title of its own, the plan titles it (owl.yml's section title, the
            // folder's name, the site's title).
            path = components.isEmpty ? "/" : "/\(components[0])/"
        } else {
            try SitePath.validate(slug: slug, in: source, line: lines["slug"])
            path = "/" + (components + [slug]).joined(separator: "/") + "/"
            if lines["title"] == nil { title = SitePath.title(fromName: name) }
        }
        self.slug = slug
        try SitePath.checkPageAddress(path, from: source, line: kind == .page ? lines["slug"] : nil)
        for tag in tags {
            try SitePath.checkAddress(SitePath.tagPath(of: tag), from: source, line: lines["tags"])
        }
        aliasFiles = try aliases.map { try SitePath.aliasFile($0, besides: path, in: source, line: lines["aliases"] ?? lines["redirect_from"]) }
        length = ReadingLength(markdown: frontMatter.body)
        // A page without a `summary` key has its `description`, or else the text before its
        // excerpt separator, or else its first paragraph's; `summary: ""` has none.
        let description = params["description"].flatMap { if case let .text(text) = $0, !text.isEmpty { text } else { nil } }
        var body = frontMatter.body
        var excerpt: String?
        if let excerptSeparator, !excerptSeparator.isEmpty, let range = body.range(of: excerptSeparator) {
            excerpt = markdown.plainText(of: body[..<range.lowerBound])
            body = body[..<range.lowerBound] + body[range.upperBound...]
        }
        let summarizing = kind == .page && lines["summary"] == nil && description == nil && excerpt == nil
        var rendered = markdown.render(body, summarizing: summarizing, file: source, firstLine: frontMatter.bodyLine)
        (links, ids, ownFragments) = rendered.html.withUTF8 { bytes in
            let html = UnsafeRawBufferPointer(bytes)
            return (LinkChecker.localLinks(inHTML: html), FragmentChecker.ids(inHTML: html), FragmentChecker.ownFragments(inHTML: html))
        }
        html = .rendered(rendered.html)
        warnings += rendered.warnings
        // A page's links to places on itself are checked against its own ids here, once, and
        // their warnings kept with the item: a build no longer looks at them, nor reads them
        // from the cache (every post of a site with tables of contents has some).
        if kind == .page {
            warnings += FragmentChecker.ownPlaceWarnings(ownFragments, ids: ids, source: source, text: text)
            ownFragments = []
        }
        if kind == .page, lines["summary"] == nil { summary = description ?? excerpt ?? rendered.summary }
    }

    /// The name of an `author` value: text, the first of a list (Zola's `authors`), or a
    /// map's `name` (Jekyll's author objects).
    static func authorName(_ value: FieldValue) -> String? {
        switch value {
        case let .text(text): return text.isEmpty ? nil : text
        case let .list(values): return values.lazy.compactMap(authorName).first
        case let .map(entries): return entries["name"].flatMap(authorName)
        default: return nil
        }
    }
}

/// A file or folder name that starts with a day, as Jekyll names its posts:
/// `2015-12-03-welcome` is the post `welcome` of 3 December 2015.
struct DatedName {
    var date: Date
    var name: String

    init?(_ fullName: String) {
        let bytes = Array(fullName.utf8)
        guard bytes.count > 11, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "-"),
              let year = Int(String(decoding: bytes[0..<4], as: UTF8.self)), let month = Int(String(decoding: bytes[5..<7], as: UTF8.self)),
              let day = Int(String(decoding: bytes[8..<10], as: UTF8.self)),
              bytes[0..<10].allSatisfy({ $0 == UInt8(ascii: "-") || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }),
              year >= 1900, (1...12).contains(month), (1...DateText.days(inMonth: month, of: year)).contains(day) else { return nil }
        date = DateText.midnight(year: year, month: month, day: day)
        name = String(decoding: bytes[11...], as: UTF8.self)
    }
}

extension FieldValue {
    /// The value as a list of text: a text is a list of one.
    func textList(key: String, file: String, line: Int?) throws -> [String] {
        switch self {
        case let .text(text): return [text]
        case let .list(values):
            return try values.map { value in
                guard case let .text(text) = value else { throw SiteError(file: file, line: line, "'\(key)' must be a list of text") }
                return text
            }
        default: throw SiteError(file: file, line: line, "'\(key)' must be a list of text")
        }
    }
}
