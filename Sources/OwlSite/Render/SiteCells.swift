import Mustache
import Owl

/// A content item as an element of a director.
struct ItemElement: ElementRepresentable, Equatable {
    /// `/posts/hello/` → `posts-hello`.
    let differenceIdentifier: String
    let index: Int
}

/// A tag of the tag index as an element of a director.
struct TagElement: ElementRepresentable, Equatable {
    var differenceIdentifier: String { "tag-\(slug)" }
    let slug: String
    let name: String
    let count: Int
}

/// A cell whose template sees a dictionary of values (an item's front matter and more),
/// looked up without reflection.
protocol ValuesCell: HTMLCell, MustacheParent {
    var values: [String: Any] { get set }
}

extension ValuesCell {
    func child(named name: String) -> Any? { values[name] }
}

/// A cell whose HTML was rendered once per item from its theme template (an item appears
/// in its section, its tag pages and the home page, and renders the same in each).
protocol PrerenderedCell: HTMLRenderingCell {
    /// The theme template the HTML comes from.
    static var template: String { get }
    var html: String { get set }
}

extension PrerenderedCell {
    func renderHTML(link: String?) -> String { html }
}

/// A post in a list: `cells/PostCell.mustache`.
struct PostCell: PrerenderedCell {
    static let template = "cells/PostCell"
    var html = ""
}

/// An item in a grid: `cells/CardCell.mustache`.
struct CardCell: PrerenderedCell {
    static let template = "cells/CardCell"
    var html = ""
}

/// A tag in the tag index: `cells/TagCell.mustache`.
struct TagCell: ValuesCell {
    var values: [String: Any] = [:]
}

/// A list section's heading (its year) and its count: `views/SectionHeading.mustache`,
/// inside the section's `<header>`.
struct SectionHeading: ValuesCell {
    var values: [String: Any] = [:]
}
