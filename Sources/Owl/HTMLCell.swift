/// A cell: a type whose properties an adapter fills on dequeue, then rendered as HTML.
///
/// By default a cell renders through the Mustache template named after its type
/// (`ContactCell` → `cells/ContactCell.mustache`), whose context is the cell's stored
/// properties plus `link`, the URL the adapter gives the cell. Text is HTML-escaped
/// unless the template asks for raw output (`{{{ }}}`).
public protocol HTMLCell {
    /// An empty cell, filled by the adapter's `dequeue` event.
    init()
}

/// A cell that writes its own HTML in code instead of going through a template.
///
/// The cell is responsible for escaping what it writes (see ``HTML/escape(_:)``).
public protocol HTMLRenderingCell: HTMLCell {
    /// The cell's inner HTML; `link` is the URL the adapter gives the cell, if any.
    func renderHTML(link: String?) -> String
}

/// A cell that hands its template the value of each key itself, instead of having its
/// stored properties read by reflection: the fast path for large lists. (A cell adopting
/// swift-mustache's `MustacheParent` is read through `child(named:)` the same way.)
public protocol TemplateValueProvider {
    /// The value the template's `{{key}}` stands for, nil when there is none.
    func templateValue(forKey key: String) -> Any?
}
