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

/// A post in a list: `cells/PostCell.mustache`.
struct PostCell: ValuesCell {
    var values: [String: Any] = [:]
}

/// An item in a grid: `cells/CardCell.mustache`.
struct CardCell: ValuesCell {
    var values: [String: Any] = [:]
}

/// A tag in the tag index: `cells/TagCell.mustache`.
struct TagCell: ValuesCell {
    var values: [String: Any] = [:]
}
