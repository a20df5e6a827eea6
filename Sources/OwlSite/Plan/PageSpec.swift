/// A page to render: where it goes, which layout, and what it shows.
struct PageSpec: Sendable {
    /// What fills the layout.
    enum Body: Sendable {
        /// A content item's page (index into the site's items), with the items before and
        /// after it in its section's list, when it is in one.
        case item(Int, neighbours: Neighbours?)
        /// A list page: optional intro HTML, the pager, and the list's own feed, if it has one.
        case list(intro: String?, pagination: Pagination?, feed: FeedSpec?)
    }

    /// The path below the site root (`/posts/`).
    var path: String
    var title: String
    /// The inner layout's template name (`layouts/single`).
    var layout: String
    var body: Body
    var lists: [ListModel]
    /// The file and line that asked for this page, for errors about it.
    var origin: SourceLocation

    /// How many cells the page's lists hold: a measure of the work of rendering it.
    var cellCount: Int {
        lists.reduce(0) { count, list in list.sections.reduce(count) { $0 + $1.cells.count } }
    }
}

/// An Atom feed to write: the newest dated items of the site, of a section or of a tag.
struct FeedSpec: Sendable {
    /// The feed's file below the output (`feed.xml`, `posts/feed.xml`).
    var file: String
    /// The page that lists its items (`/`, `/posts/`, `/tags/swift/`).
    var pagePath: String
    /// What the feed is of: the list's title, or nil for the whole site.
    var title: String?
    /// Its items, dated, newest first: indices into the site's items.
    var items: [Int]

    /// The feed's path below the site root (`/posts/feed.xml`), as pages link to it.
    var path: String { "/" + file }
}

/// The items around an item in its section's list, in the list's order (newest first for
/// a list by date): indices into the site's items.
struct Neighbours: Sendable {
    var previous: Int?
    var next: Int?
}

/// Where a list page sits among its pages.
struct Pagination: Sendable {
    var number: Int
    var count: Int
    /// Both in the site's words (`pageOf`): "Page 2 of 5".
    var label: String
    var previousPath: String?
    var nextPath: String?
}

/// A file and line of the sources.
struct SourceLocation: Sendable, CustomStringConvertible {
    var file: String
    var line: Int?

    var description: String { line.map { "\(file):\($0)" } ?? file }
}

/// The pages planned so far; a second page for one path is an error naming both sources.
struct PageRegistry {
    private(set) var pages: [PageSpec] = []
    /// The index in `pages` of the page at each path.
    private var claimed: [String: Int] = [:]

    /// A registry with room for `capacity` pages.
    init(capacity: Int) {
        pages.reserveCapacity(capacity)
        claimed.reserveCapacity(capacity)
    }

    /// Adds `page`, which must be the only one at its path, and not in owl-site's own folder.
    mutating func add(_ page: consuming PageSpec) throws {
        try SitePath.checkNotReserved(page.path, from: page.origin.file, line: page.origin.line)
        if let earlier = claimed.updateValue(pages.count, forKey: page.path) {
            let bundle = [page.origin.file, pages[earlier].origin.file].contains { SitePath.bundleFolder(ofFile: $0[...]) != nil }
            let hint = bundle ? " (index.md is the page of its folder; a section's own text goes in _index.md)" : ""
            throw SiteError(file: page.origin.file, line: page.origin.line, "two pages claim \(page.path): this one and \(pages[earlier].origin)\(hint)")
        }
        pages.append(page)
    }
}
