/// A list to render on a page: sections of cells, as a director holds them.
struct ListModel: Sendable {
    /// `list` renders like `ListDirector`, `grid` like `GridDirector`.
    var style: SectionSettings.Style
    var id: String
    var sections: [ListSection]

    var cellCount: Int { sections.reduce(0) { $0 + $1.cells.count } }
}

/// One section of a list: a string header and footer around its cells.
struct ListSection: Sendable {
    var id: String
    var header: String?
    var footer: String?
    var cells: [ListCell]
}

/// One cell: its identifier, the cell template's name and that template's output.
struct ListCell: Sendable {
    var id: String
    var template: String
    var html: String
}
