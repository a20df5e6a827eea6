/// A list a page shows, as plain data: which director, which sections, which items.
/// `OwlLists` turns it into an Owl director when the page is rendered.
struct ListModel: Sendable {
    /// `list` renders with `ListDirector`, `grid` with `GridDirector`.
    var style: SectionSettings.Style
    var id: String
    var sections: [ListSection]
}

/// One section of a list: a string header and footer around its cells.
struct ListSection: Sendable {
    var id: String
    var header: String?
    var footer: String?
    var cells: [ListCell]
}

/// What one cell shows.
enum ListCell: Sendable, Hashable {
    /// A content item (index into the site's items).
    case item(Int)
    /// A tag of the tag index, by slug.
    case tag(String)
}
