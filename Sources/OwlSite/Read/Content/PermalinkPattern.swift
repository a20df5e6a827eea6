import Foundation

/// A page's address written with the tokens Jekyll and Hugo document, filled in from the
/// page: `/:year/:month/:day/:slug/` is `/2015/12/03/welcome/` for
/// `_posts/2015-12-03-welcome.md`. A pattern without tokens is the address itself.
///
/// | token | stands for |
/// |---|---|
/// | `:year`, `:month`, `:day` | the date: `2015`, `12`, `03` |
/// | `:short_year`, `:i_month`, `:i_day` | `15`, `12`, `3` |
/// | `:hour`, `:minute`, `:second` | the time of the date, two digits each |
/// | `:monthname` | `december` |
/// | `:slug` | the `slug`, or else the file's name without its `YYYY-MM-DD-` |
/// | `:title` | the title in lower case with dashes (Hugo's `:title`) |
/// | `:slugortitle` | the `slug`, or else the title's (Hugo's `:slug`) |
/// | `:y_day` | the day of the year, three digits |
/// | `:output_ext` | `.html` |
/// | `:filename`, `:name`, `:slugorfilename` | the file's name (`:slugorfilename`: the slug) |
/// | `:section`, `:sections` | the section folder (`posts`) |
/// | `:categories` | the categories, each a folder (`/news/swift/`), or nothing |
/// | `:category` | the first category, or nothing |
enum PermalinkPattern {
    /// The address of `item` by `pattern`, checked: it stays inside the site, carries no
    /// character a URL cannot, and ends with `/` (or `.html`). `line` is the pattern's line
    /// in `file` (the item's front matter, or owl.yml).
    static func address(of item: ContentItem, pattern: String, file: String, line: Int?, config: SiteConfig = SiteConfig()) throws -> String {
        var address = ""
        var rest = pattern[...]
        while let colon = rest.firstIndex(of: ":") {
            address += rest[..<colon]
            let nameEnd = rest[rest.index(after: colon)...].firstIndex { !($0.isLetter || $0 == "_") } ?? rest.endIndex
            let name = String(rest[rest.index(after: colon)..<nameEnd])
            guard let value = try value(of: name, for: item, file: file, line: line, config: config) else {
                address += rest[colon..<nameEnd]
                rest = rest[nameEnd...]
                continue
            }
            address += value
            rest = rest[nameEnd...]
        }
        address += rest
        return try normalized(address, written: pattern, file: file, line: line)
    }

    /// What the token `name` stands for in `item`'s address; nil for a name that is no token.
    private static func value(of name: String, for item: ContentItem, file: String, line: Int?, config: SiteConfig) throws -> String? {
        let dateTokens: Set = ["year", "month", "day", "short_year", "i_month", "i_day", "hour", "minute", "second", "monthname", "y_day"]
        if dateTokens.contains(name) {
            guard let moment = item.date else {
                throw SiteError(file: file, line: line, "the address pattern has :\(name), but \(item.source) has no date")
            }
            let date = config.onSiteClock(moment)  // the day on the site's clock
            let parts = DateText.parts(date)
            func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
            switch name {
            case "year": return String(parts.year)
            case "month": return two(parts.month)
            case "day": return two(parts.day)
            case "short_year": return two(parts.year % 100)
            case "i_month": return String(parts.month)
            case "i_day": return String(parts.day)
            case "hour": return two(parts.hour)
            case "minute": return two(parts.minute)
            case "second": return two(parts.second)
            case "y_day":
                let start = DateText.midnight(year: parts.year, month: 1, day: 1)
                let number = Int(date.timeIntervalSince(start) / 86_400) + 1
                return String(repeating: "0", count: max(0, 3 - String(number).count)) + String(number)
            default: return monthNames[parts.month - 1]
            }
        }
        switch name {
        case "slug", "slugorfilename", "slugorcontentbasename": return item.slug
        case "title": return SitePath.slugify(item.title).isEmpty ? item.slug : SitePath.slugify(item.title)
        case "slugortitle":
            // Hugo's `:slug`: the front matter's slug, else the title's.
            return item.lines["slug"] != nil || SitePath.slugify(item.title).isEmpty ? item.slug : SitePath.slugify(item.title)
        case "output_ext": return ".html"
        case "filename", "name", "contentbasename": return fileName(of: item)
        case "section", "sections": return item.section
        case "categories": return (item.taxonomies["categories"] ?? []).map(SitePath.slugify).joined(separator: "/")
        case "category": return item.taxonomies["categories"]?.first.map(SitePath.slugify) ?? ""
        default: return nil
        }
    }

    private static let monthNames = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december",
    ]

    /// The item's file (or bundle folder) name without its ending and its `YYYY-MM-DD-`.
    private static func fileName(of item: ContentItem) -> String {
        var parts = item.source.split(separator: "/").map(String.init)
        var name = parts.removeLast()
        if SitePath.bundleFolder(ofFile: item.source[...]) != nil, let folder = parts.last { name = folder }
        if let dot = name.lastIndex(of: "."), SitePath.isMarkdown(name) { name = String(name[..<dot]) }
        return DatedName(name)?.name ?? name
    }

    /// `address` with one `/` in front, `//` made one (an empty token), and a `/` at the end
    /// unless it names an `.html` file; an error for one that steps out of the site or holds
    /// what a URL cannot carry.
    static func normalized(_ address: String, written: String, file: String, line: Int?) throws -> String {
        var parts = address.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if parts.contains(where: { $0 == ".." || $0 == "." }) || address.contains("\\") {
            throw SiteError(file: file, line: line, "address '\(written)' would escape the output folder")
        }
        if let character = address.first(where: { $0 == "?" || $0 == "#" || $0 == "%" || $0.isNewline }) {
            throw SiteError(file: file, line: line, "address '\(written)' has '\(character)', which a URL cannot carry")
        }
        guard let last = parts.last else { return "/" }
        if last.hasSuffix(".html") || last.hasSuffix(".htm") { return "/" + parts.joined(separator: "/") }
        if last == "index.html" { parts.removeLast() }
        return "/" + parts.joined(separator: "/") + (parts.isEmpty ? "" : "/")
    }

    /// The front matter keys that give a page its own address, and its aliases: an error
    /// about one names the line of the first its item has.
    private static let ownAddressKeys: FieldLines.Keys = ["url", "permalink", "path"]
    private static let aliasKeys: FieldLines.Keys = ["aliases", "redirect_from"]

    /// Puts each page of `items` at its address: its own (`url`, `permalink`, `path`), or
    /// else its section's pattern from owl.yml, and resolves its aliases from there.
    /// Collects the errors of every page, rather than stopping at the first.
    static func assignAddresses(to items: inout [ContentItem], config: SiteConfig, errors: inout [SiteError]) {
        for index in items.indices where items[index].kind == .page {
            // Most pages have no pattern: looked at in place, not copied (10,000 copies of
            // an item took a rebuild 6 million instructions).
            guard items[index].permalink != nil || config.permalink(forSection: items[index].section) != nil else { continue }
            // Its lines, and its taxonomies for `:categories`, are read below: decoded from
            // the cache once, and kept by the item.
            items[index].settleDetails()
            let item = items[index]
            let own = item.permalink.map { ($0, item.source, item.lines.line(ofFirst: Self.ownAddressKeys)) }
            let sectionKey = item.section.isEmpty ? "/" : item.section
            let site = config.permalink(forSection: item.section).map { ($0.pattern, "owl.yml", $0.line) }
            guard let (pattern, file, line) = own ?? site else { continue }
            do {
                // Zola's `path` and Hugo's `url` may leave out the first slash: they start at the site's root all the same.
                let address = try address(of: item, pattern: pattern.hasPrefix("/") ? pattern : "/" + pattern, file: file, line: line, config: config)
                try SitePath.checkNotReserved(address, from: file, line: line)
                try SitePath.checkPageAddress(address, from: file, line: line)
                items[index].path = address
                if !item.aliases.isEmpty {
                    items[index].aliasFiles = try item.aliases.map {
                        try SitePath.aliasFile($0, besides: address, in: item.source, line: item.lines.line(ofFirst: Self.aliasKeys))
                    }
                }
            } catch let error as SiteError {
                errors.append(file == "owl.yml" ? SiteError(file: item.source, line: 1, "\(error.message) (owl.yml's permalink for \(sectionKey))") : error)
            } catch {
                errors.append(SiteError(file: item.source, "\(error)"))
            }
        }
    }
}
