import OwlDiff

/// A cell adapter, whatever its model and cell types.
protocol CellRendering: CellAdapterProtocol {
    /// The model type the adapter handles.
    var modelType: ObjectIdentifier { get }

    /// Renders cells of the adapter's model type with `templates`; throws when the
    /// adapter's template is missing or invalid.
    func renderer(templates: Templates) throws -> CellRenderer
}

/// Renders one element at a position, under the director's sizing.
typealias CellRenderer = (any ElementRepresentable, CellPosition, Sizing) throws -> CellParts

/// Where an element is rendered.
struct CellPosition {
    var indexPath: ElementPath
    var section: Section
}

/// What an adapter decides about one cell; the director writes the element around it.
struct CellParts {
    var content: String
    var classes: [String]
    var attributes: [(name: String, value: String)]
    /// The cell's own size, nil when the director's applies.
    var sizing: Sizing?
}

/// The cell renderers of one rendering pass, made on first use, by model type.
struct CellRenderers {
    private var byModelType: [ObjectIdentifier: CellRenderer] = [:]

    mutating func renderer(for element: any ElementRepresentable, make: () throws -> CellRenderer) rethrows -> CellRenderer {
        let type = ObjectIdentifier(Swift.type(of: element))
        if let renderer = byModelType[type] {
            return renderer
        }
        let renderer = try make()
        byModelType[type] = renderer
        return renderer
    }
}
