import Foundation

/// The settings in `owl.yml`; every key is optional.
struct SiteConfig: Sendable, Equatable {
    /// The site's name, shown in the header and the feed.
    var title = "My Site"
    /// One line about the site, for the feed and `<meta name="description">`.
    var description = ""
    /// Who writes the site: the author of every page whose front matter names none, in the
    /// feeds and bylines.
    var author = ""
    /// The address pattern of each section's pages (``PermalinkPattern``), by section folder
    /// name; `/` is the pages at the top of `content/`. `permalink: PATTERN` in owl.yml
    /// gives every section one.
    var permalinks: [String: String] = [:]
    /// The line of `owl.yml` that gives each of `permalinks`.
    var permalinkLines: [String: Int] = [:]
    /// The taxonomies besides tags whose terms have pages (`/categories/news/`) and an
    /// index: `categories`, and those `taxonomies:` in owl.yml names (`series`).
    var taxonomyNames = ["categories"]
    /// The time zone of dates written without one (`2024-05-01 09:30`), an IANA name such as
    /// `Europe/Berlin`; nil: UTC.
    var timezone: String?
    /// The language the site is written in, as a language tag (`en`, `de`, `pt-BR`): the
    /// pages' `lang` and the feed's `xml:lang`, for screen readers, hyphens and spelling,
    /// and the language of the dates pages show.
    var language = SiteConfig.defaultLanguage
    /// The language of a site whose owl.yml names none.
    static let defaultLanguage = "en"
    /// The full URL the site is served from, for example `https://example.com/blog/`.
    var baseURL: String? {
        didSet { rootPath = Self.rootPath(of: baseURL) }
    }
    /// The path part of `baseURL` with slashes on both ends: `/` or `/blog/`.
    private(set) var rootPath = "/"
    /// Lets raw HTML in Markdown through (off: it is replaced by a comment).
    var rawHTML = false
    /// Highlights fenced code blocks in a language ``CodeLanguage`` knows.
    var highlight = true
    /// The most characters of a page's first paragraph that stand for its summary when its
    /// front matter has no `summary`; 0 means no such summaries.
    var summaryLength = 160
    /// How many recent items the home page lists.
    var homeRecent = 5
    /// How many items the feed holds.
    var feedCount = 20
    /// Items per list page for lists without their own setting; 0 means one page.
    var pageSize = 0
    /// How many earlier builds keep a patch to the newest one, so that pages a few builds
    /// old still animate.
    var history = 5
    /// Per-section list settings, by section folder name.
    var sections: [String: SectionSettings] = [:]
    /// The line of `owl.yml` that names each section of `sections`.
    var sectionLines: [String: Int] = [:]
    /// The words the theme shows besides the site's own text, by name (`site.words.NAME`
    /// in templates): ``defaultWords`` but for those `words:` in owl.yml gives, so that a
    /// site in another language translates the theme without overriding its templates.
    var words = SiteConfig.defaultWords

    /// The theme's words in English. `{NAME}` in a word is one of its ``wordPlaceholders``,
    /// filled in where the word is shown, so that each language puts it in its place.
    static let defaultWords = [
        "recent": "Recent", "newer": "← Newer", "older": "Older →", "pageOf": "Page {number} of {count}", "feed": "Feed",
        "contents": "Contents", "moreInSection": "More in this section", "notFound": "Page not found",
        "notFoundText": "Nothing lives at this address. It may have moved.", "toHome": "Go to the home page",
        "movedTo": "This page has moved to", "updated": "Updated", "readingTime": "{minutes} min read",
        "tags": "Tags", "skipToContent": "Skip to content", "siteNavigation": "Site", "pagination": "Pages", "by": "By",
        // Empty: the undated items of a dated list stand under no heading until a site names them.
        "undated": "",
    ]

    /// The words that count something, by name: a list section's count of its items uses the
    /// one named after the list's section (`posts`, `projects`), else `items`, unless the
    /// section's settings give their own (`count:` in owl.yml). Translated like ``words``,
    /// one text per plural category of the site's language.
    var countWords = SiteConfig.defaultCountWords

    /// The theme's counting words in English.
    static let defaultCountWords = [
        "posts": PluralWord(one: "{count} post", other: "{count} posts"),
        "projects": PluralWord(one: "{count} project", other: "{count} projects"),
        "items": PluralWord(one: "{count} item", other: "{count} items"),
    ]

    /// The count of `count` items of `section` in the site's words and language ("3 posts").
    func countText(_ count: Int, section: String) -> String {
        let word = sections[section]?.count ?? countWords[section] ?? countWords["items"] ?? Self.defaultCountWords["items"]!
        return word.text(count: count, language: language)
    }

    /// The placeholders each word may hold: `pageOf`, a list page's `{number}` and the
    /// list's page `{count}`; `readingTime`, the page's `{minutes}`.
    static let wordPlaceholders = ["pageOf": ["number", "count"], "readingTime": ["minutes"]]

    /// The word `name`, one of ``defaultWords``, with each of its placeholders filled in:
    /// `{number}` by `values["number"]`.
    func word(_ name: String, filling values: KeyValuePairs<String, String> = [:]) -> String {
        let word = words[name] ?? ""
        guard !values.isEmpty, word.utf8.contains(UInt8(ascii: "{")) else { return word }
        var filled = ""
        var rest = word[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = rest[rest.index(after: open)..<close]
            filled += rest[..<open]
            if let value = values.first(where: { $0.key == name })?.value { filled += value } else { filled += rest[open...close] }
            rest = rest[rest.index(after: close)...]
        }
        return filled + rest
    }

    /// The address pattern of the pages of `section` (`""`: the pages at the top of
    /// `content/`) and its line in owl.yml: the section's own, or else the one for every
    /// section (`*`, which the top's pages do not take).
    func permalink(forSection section: String) -> (pattern: String, line: Int?)? {
        let key = section.isEmpty ? "/" : (permalinks[section] != nil ? section : "*")
        return permalinks[key].map { ($0, permalinkLines[key]) }
    }

    /// `date` moved by the offset of the site's `timezone` at that moment, so that reading
    /// its UTC fields gives the day and time on the site's clock (what pages show, and what
    /// address patterns take); `date` itself without a time zone.
    func onSiteClock(_ date: Date) -> Date {
        guard let timezone, let zone = TimeZone(identifier: timezone) else { return date }
        return date.addingTimeInterval(Double(zone.secondsFromGMT(for: date)))
    }

    /// The list settings of `section`, falling back to the defaults.
    func settings(for section: String) -> SectionSettings {
        var settings = sections[section] ?? SectionSettings()
        settings.pageSize = settings.pageSize ?? pageSize
        return settings
    }
}

/// How a section's list page is rendered.
struct SectionSettings: Sendable, Equatable {
    /// A list (`ListDirector`) or a grid (`GridDirector`).
    enum Style: String, Sendable, CaseIterable { case list, grid }
    /// How items are split into sections.
    enum Grouping: String, Sendable, CaseIterable { case year, none }
    /// The order of items.
    enum Sort: String, Sendable, CaseIterable { case date, title, weight }

    var style = Style.list
    var grouping = Grouping.year
    var sort = Sort.date
    /// Items per page; `nil` takes the site-wide `pageSize`.
    var pageSize: Int?
    var title: String?
    /// The word for the count of the section's items in a year ("{count} talks"), when it is
    /// not the site's word named after the section.
    var count: PluralWord?
}

extension SiteConfig {
    /// Why `text` cannot be a site's base URL, or nil when it can: an absolute `http` or
    /// `https` URL with a host, a port if any of at most 65535, well-formed percent escapes,
    /// and no query or fragment.
    static func problem(withBaseURL text: String) -> String? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty else {
            return "'\(text)' is not an absolute http or https URL, such as https://example.com/blog/"
        }
        guard url.query == nil, url.fragment == nil else { return "'\(text)' has a query or fragment, which a base URL cannot have" }
        if let port = url.port, port > 65535 { return "'\(text)' has the port \(port); ports go up to 65535" }
        if !isPercentEncoded(text) { return "'\(text)' has a '%' not followed by two hex digits; write a % sign as %25" }
        return nil
    }

    /// Whether every `%` in `text` begins an escape of two hex digits.
    private static func isPercentEncoded(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.indices.allSatisfy { index in
            bytes[index] != UInt8(ascii: "%")
                || (index + 2 < bytes.count && bytes[index + 1 ... index + 2].allSatisfy { Character(Unicode.Scalar($0)).isHexDigit })
        }
    }

    /// Why `text` cannot be a site's language, or nil when it can: a language tag of letters
    /// and digits in parts of one to eight, joined by hyphens, beginning with letters.
    static func problem(withLanguage text: String) -> String? {
        func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) }
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        let parts = text.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        let wellFormed = parts[0].allSatisfy(isLetter)
            && parts.allSatisfy { part in (1...8).contains(part.count) && part.allSatisfy { isLetter($0) || isDigit($0) } }
        return wellFormed ? nil : "'\(text)' is not a language tag, such as en, de or pt-BR"
    }

    private static func rootPath(of baseURL: String?) -> String {
        // Kept percent-encoded: it begins every link of the site.
        guard let baseURL, let url = URL(string: baseURL) else { return "/" }
        let trimmed = url.path(percentEncoded: true).split(separator: "/").joined(separator: "/")
        return trimmed.isEmpty ? "/" : "/\(trimmed)/"
    }

    /// The absolute URL of the site path `path` (`/posts/a/`), or the root-relative one without
    /// a base URL; percent-encoded where a URL needs it.
    func permalink(_ path: String) -> String {
        let path = SitePath.urlEncoded(path)
        guard let baseURL else { return path }
        let base = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        return base + path
    }
}
