/// A cell adapter, whatever its model and cell types.
protocol CellRendering {
    /// The model type the adapter handles.
    var modelType: ObjectIdentifier { get }

    /// Renders cells of the adapter's model type with `templates`; throws when the
    /// adapter's template is missing or invalid.
    func renderer(templates: Templates) throws -> CellRenderer
}

/// Renders one element at a position.
typealias CellRenderer = (any ElementRepresentable, CellPosition) throws -> CellParts

/// Where an element is rendered.
struct CellPosition {
    var index: Int
    var sectionIndex: Int
    var section: Section
}

/// What an adapter decides about one cell; the director writes the element around it.
struct CellParts {
    var content: String
    var classes: [String]
    var attributes: [(name: String, value: String)]
    var sizing: Sizing?
}
