import Foundation

/// One Markdown file of `content/`, its front matter read and its body rendered.
struct ContentItem: Sendable {
    /// What the file stands for.
    enum Kind: Int, Sendable { case page, sectionIndex, home }

    var kind: Kind
    /// The file, relative to the source folder (`content/posts/hello.md`).
    var source: String
    /// The top-level folder below `content/` (`posts`), or `""` for top-level pages.
    var section: String
    /// The page's path below the site root (`/posts/hello/`).
    var path: String
    var title: String
    var date: Date?
    /// When the item last changed (`lastmod`), for the sitemap and the feeds.
    var lastmod: Date?
    /// When the item last changed as far as anyone can tell: its `lastmod`, or else its date.
    var updated: Date? { lastmod ?? date }
    /// The address its front matter gives it (`url`, `permalink`, or Zola's `path`): a path
    /// below the site root, which may hold the tokens of ``PermalinkPattern``.
    var permalink: String?
    /// The last part of its address: its `slug`, or else its file's name (without a leading
    /// `YYYY-MM-DD-`): what `:slug` stands for in a permalink pattern.
    var slug = ""
    /// When the item leaves the site (`expiryDate`): from then on it is left out, as a draft is.
    var expiryDate: Date?
    /// Whether its date was written without a zone (or comes from its file's name): such a
    /// date is a time in the site's `timezone`, put right once the settings are known.
    var dateIsFloating = false
    /// Whether its `lastmod` was written without a zone, as ``dateIsFloating``.
    var lastmodIsFloating = false
    /// Its earlier addresses as written (`aliases`, Jekyll's `redirect_from`), resolved
    /// into ``aliasFiles`` once its own address is known.
    var aliases: [String] = []
    /// What its front matter or body holds that the build does not carry over as written
    /// (raw HTML left out, another generator's syntax, a key written twice): warnings,
    /// kept with the item so that a build taking it from the cache says them too.
    var warnings: [SiteError] = []
    var draft: Bool
    /// The body's words and reading time (`page.wordCount`, `page.readingTime`).
    var length = ReadingLength(words: 0, minutes: 0)
    /// The files of the page's earlier addresses (`aliases`), which send visitors on to it:
    /// `old/path/index.html` for `/old/path/`.
    var aliasFiles: [String]
    /// The item's details as parsed (``ItemDetails``), unless ``encodedDetails`` holds them.
    private(set) var decodedDetails = ItemDetails()
    /// The item's details as the Markdown cache holds them, until one of them is set or the
    /// item keeps them (``settleDetails()``).
    private(set) var encodedDetails: ItemDetails.Encoded?
    /// The body's HTML, as rendered or as the cache holds it.
    var html: BodyHTML
    /// The targets of the body's links that may be pages of the site (``LinkChecker/localLinks(inHTML:)``):
    /// found when the body is rendered and kept in the cache, so that checking them needs no body.
    var links: [String]
    /// The ids of the body's elements (headings, footnotes): what `#fragment` links to the item may point at.
    var ids: [String] {
        get { elementIDs.values }
        set { elementIDs = .decoded(newValue) }
    }
    /// ``ids``, as parsed or as the Markdown cache holds them.
    var elementIDs = ElementIDs.decoded([])
    /// The fragments (`#notes`) of the body's links to places on its own page, for an item
    /// whose page is another item's (a section's index); none for a page, whose own places
    /// are checked when it is parsed (``FragmentChecker/ownPlaceWarnings(_:ids:source:text:)``).
    var ownFragments: [String] = []
    /// What identifies the item's inputs, set by the ``MarkdownCache`` that read it.
    var fingerprint = ItemFingerprint(file: 0, listing: 0)

    /// An item's element ids (``ids``): as parsed, or the bytes the Markdown cache holds them
    /// in, made strings only when read. A build reads them only for the links to a place on
    /// another page, which few sites have; every post with headings has some (a rebuild of
    /// 10,000 posts made 40,000 strings of them for nothing).
    enum ElementIDs: Sendable {
        case decoded([String])
        /// What ``BinaryWriter/strings(_:)`` wrote of them, checked by ``BinaryReader/encodedStrings()``.
        case encoded(SharedBytes)

        var values: [String] {
            switch self {
            case let .decoded(values): return values
            case let .encoded(bytes):
                var input = BinaryReader(bytes)
                return (try? input.strings()) ?? []
            }
        }
    }

    /// The body's HTML: as a string, or as the bytes of the item's cache entry, made a string
    /// only when a page shows it (a rebuild takes thousands of items from the cache and shows
    /// a few bodies; a first build keeps each body once, in the entry it saves).
    enum BodyHTML: Sendable {
        case rendered(String)
        /// The bytes of the cache entry this build made for the item.
        case cached(SharedBytes)
        /// The bytes of an earlier build's cache entry, checked when they are read.
        case checked(CheckedBody)
        /// Let go of by a build once its pages and feeds are made (``releasingBody()``).
        case released
    }

    /// The item's details (``ItemDetails``): as parsed, or decoded from the cache's bytes at each read.
    var details: ItemDetails {
        get { encodedDetails?.details(of: source) ?? decodedDetails }
        _modify {
            settleDetails()
            yield &decodedDetails
        }
    }

    /// Decodes the details of an item from the cache into the item: for a pass that reads
    /// them often (the making of a new plan), rather than decoding them at each read.
    mutating func settleDetails() {
        guard let encoded = encodedDetails else { return }
        decodedDetails = encoded.details(of: source)
        encodedDetails = nil
    }

    // Each detail is decoded from the cache's bytes when the item has them (its decoded
    // details are then empty), and set in the decoded details, which setting one makes the item's.
    // Each getter reads its own field: read through ``details``, every read copied all of an
    // item's details (a cold build of 10,000 posts took 2% more instructions, a new plan 8%).

    /// The front matter's `summary`, or a page's first paragraph (``FirstParagraph``).
    var summary: String? {
        get {
            if let encodedDetails { return encodedDetails.details(of: source).summary }
            return decodedDetails.summary
        }
        _modify { yield &details.summary }
    }

    var tags: [String] {
        get {
            if let encodedDetails { return encodedDetails.details(of: source).tags }
            return decodedDetails.tags
        }
        _modify { yield &details.tags }
    }

    /// The terms of each other taxonomy the item is in (``ItemDetails/taxonomies``).
    var taxonomies: [String: [String]] {
        get {
            if let encodedDetails { return encodedDetails.details(of: source).taxonomies }
            return decodedDetails.taxonomies
        }
        _modify { yield &details.taxonomies }
    }

    /// Who wrote the item (`author`, or the first of `authors`), when its front matter says.
    var author: String? {
        get {
            if let encodedDetails { return encodedDetails.details(of: source).author }
            return decodedDetails.author
        }
        _modify { yield &details.author }
    }

    var weight: Int? {
        get {
            if let encodedDetails { return encodedDetails.details(of: source).weight }
            return decodedDetails.weight
        }
        _modify { yield &details.weight }
    }

    var layout: String? {
        get {
            if let encodedDetails { return encodedDetails.details(of: source).layout }
            return decodedDetails.layout
        }
        _modify { yield &details.layout }
    }

    /// Every other front matter key.
    var params: [String: FieldValue] {
        get {
            if let encodedDetails { return encodedDetails.details(of: source).params }
            return decodedDetails.params
        }
        _modify { yield &details.params }
    }

    /// The line of each front matter key, for errors about it.
    var lines: FieldLines {
        get {
            if let encodedDetails { return encodedDetails.details(of: source).lines }
            return decodedDetails.lines
        }
        _modify { yield &details.lines }
    }

    /// The body as HTML.
    var body: String {
        switch html {
        case let .rendered(text): return text
        case let .cached(bytes): return String(decoding: bytes, as: UTF8.self)
        case let .checked(body): return String(decoding: body.read(for: source), as: UTF8.self)
        case .released:
            assertionFailure("the body of \(source) is read after the build let go of it")
            return ""
        }
    }

    /// Calls `read` with the body's UTF-8 bytes.
    func withBodyUTF8<Result>(_ read: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        switch html {
        case var .rendered(text): return try text.withUTF8 { try read(UnsafeRawBufferPointer($0)) }
        case let .cached(bytes): return try bytes.withUnsafeBytes(read)
        case let .checked(body): return try body.read(for: source).withUnsafeBytes(read)
        case .released:
            var text = body
            return try text.withUTF8 { try read(UnsafeRawBufferPointer($0)) }
        }
    }

    /// Lets go of the body (what else the item holds stays): a build's pages and feeds hold
    /// it once they are made, and the bodies were a third of a first build's memory at its end.
    mutating func releasingBody() {
        html = .released
    }

    /// The line of `key` in the source, or the first line.
    func line(of key: String) -> Int { lines[key] ?? 1 }

    /// The error `message` at `key`'s line of this item's file.
    func error(at key: String, _ message: String) -> SiteError {
        SiteError(file: source, line: lines[key], message)
    }
}
