import OwlDiff

/// Pairs a model type with a cell type: Owl's `TableCellAdapter<Model, Cell>`.
///
/// ```swift
/// let adapter = CellAdapter<Contact, ContactCell>()
/// adapter.events.dequeue = { ctx in ctx.cell.name = ctx.element.name }
/// adapter.events.link = { ctx in "/contacts/\(ctx.element.id)/" }
/// director.registerCellAdapter(adapter)
/// ```
public final class CellAdapter<Model: ElementRepresentable, Cell: HTMLCell> {
    /// What the adapter does with each cell.
    public var events = Events()
    /// Where the cell's template comes from.
    public var template: CellTemplate = .automatic
    /// The size of this adapter's cells; nil leaves it to the director.
    public var sizing: Sizing?

    /// An adapter, optionally configured by `configure`.
    public init(_ configure: ((CellAdapter) -> Void)? = nil) {
        configure?(self)
    }
}

extension CellAdapter {
    /// One cell being rendered.
    public struct Context {
        /// The model shown by the cell.
        public let element: Model
        /// The cell, filled by `dequeue`.
        public var cell: Cell
        /// The element's position: its section's index and its index in the section.
        public let indexPath: ElementPath
        /// The section holding the element.
        public let section: Section
    }

    /// The adapter's events, each optional.
    public struct Events {
        /// Fills the cell from the element before rendering.
        public var dequeue: ((inout Context) -> Void)?
        /// The URL the cell opens (Owl's `didSelect`), given to the template as `link`.
        public var link: ((Context) -> String?)?
        /// Extra classes of the cell element.
        public var classes: ((Context) -> [String])?
        /// Extra attributes of the cell element, written sorted by name, values escaped.
        public var attributes: ((Context) -> [String: String])?

        /// No events.
        public init() {}
    }
}

extension CellAdapter: CellRendering {
    var modelType: ObjectIdentifier { ObjectIdentifier(Model.self) }

    func renderer(templates: Templates) throws -> CellRenderer {
        let name = "CellAdapter<\(Model.self), \(Cell.self)>"
        let renderer = try TemplateRenderer<Cell>(template: template, folder: "cells", adapter: name, templates: templates)
        return { element, position in
            guard let element = element as? Model else { throw OwlError.missingCellAdapter(model: "\(type(of: element))") }
            var context = Context(element: element, cell: Cell(), indexPath: position.indexPath, section: position.section)
            self.events.dequeue?(&context)
            let link = self.events.link?(context)
            return CellParts(
                content: renderer.render(context.cell, link: link),
                classes: self.events.classes?(context) ?? [],
                attributes: try self.events.attributes.map { try HTMLAttributes.validated($0(context), adapter: name) } ?? [],
                sizing: self.sizing
            )
        }
    }
}
