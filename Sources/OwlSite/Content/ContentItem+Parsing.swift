import Foundation

extension ContentItem {
    /// Reads the front matter of `text` (the file `source`, at `relativePath` below `content/`)
    /// and renders its body with `markdown`.
    init(parsing text: String, source: String, relativePath: String, markdown: MarkdownRenderer) throws {
        let frontMatter = try FrontMatter(parsing: text, file: source)
        var folders = relativePath.split(separator: "/").map(String.init)
        let fileName = folders.removeLast()
        let baseName = String(fileName[..<(fileName.lastIndex(of: ".") ?? fileName.endIndex)])
        // `posts/trip/index.md` is the page of its folder, `/posts/trip/`, beside the images
        // and files it shows (a bundle); `index.md` at the top is the home page.
        let isBundle = SitePath.bundleFolder(ofFile: relativePath[...]) != nil
        let components = isBundle ? Array(folders.dropLast()) : folders
        let name = isBundle ? folders[folders.count - 1] : baseName

        kind = .page
        self.source = source
        section = components.first ?? ""
        path = ""
        title = ""  // set below: from the front matter, or else from `name`
        tags = []
        draft = false
        params = [:]
        lines = [:]
        html = .rendered("")
        links = []
        aliasFiles = []

        var slug = name
        var aliases: [String] = []
        var budget = FieldValue.limit
        for field in frontMatter.fields {
            lines[field.key] = field.line
            switch field.key {
            case "title": title = try field.string()
            case "date": date = try field.date()
            case "lastmod": lastmod = try field.date()
            case "tags": tags = try field.strings(separatedBy: ",")  // `tags: swift, web` means two
            case "summary":
                // Empty is none (templates count an empty string as a value, `{{#summary}}`).
                let text = try field.string()
                summary = text.isEmpty ? nil : text
            case "draft": draft = try field.bool()
            case "weight": weight = try field.int()
            case "layout": layout = try field.string()
            case "slug": slug = try field.string()
            case "aliases": aliases = try field.strings()
            default: params[field.key] = try field.fieldValue(budget: &budget)
            }
        }

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
        try SitePath.checkPageAddress(path, from: source, line: kind == .page ? lines["slug"] : nil)
        for tag in tags {
            try SitePath.checkAddress(SitePath.tagPath(of: tag), from: source, line: lines["tags"])
        }
        aliasFiles = try aliases.map { try SitePath.aliasFile($0, besides: path, in: source, line: lines["aliases"]) }
        length = ReadingLength(markdown: frontMatter.body)
        // A page without a `summary` key has its first paragraph's; `summary: ""` has none.
        var rendered = markdown.render(frontMatter.body, summarizing: kind == .page && lines["summary"] == nil)
        links = rendered.html.withUTF8 { LinkChecker.localLinks(inHTML: UnsafeRawBufferPointer($0)) }
        html = .rendered(rendered.html)
        summary = summary ?? rendered.summary
    }
}
