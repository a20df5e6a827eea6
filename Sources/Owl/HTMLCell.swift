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
