import OwlDiff

/// Pairs a model type with a cell type: Owl's `TableCellAdapter<Model, Cell>`.
///
/// ```swift
/// let adapter = CellAdapter<Contact, ContactCell>()
/// adapter.events.dequeue = { ctx in ctx.cell.name = ctx.element.name }
/// adapter.events.link = { ctx in "/contacts/\(ctx.element.id)/" }
/// director.registerCellAdapter(adapter)
/// ```
public final class CellAdapter<Model: ElementRepresentable, Cell: HTMLCell>: CellAdapterProtocol {
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

    /// The model type's name.
    public var modelIdentifier: String { String(describing: Model.self) }
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
        /// This cell's height in CSS pixels (Owl's `rowHeight`): `height` in the cell's
        /// style. Asked when the size in force (the adapter's ``CellAdapter/sizing``, else
        /// the director's) is `.default`, as Owl asks it.
        public var rowHeight: ((Context) -> Double)?
        /// This cell's estimated height (Owl's `rowHeightEstimated`): the cell is rendered
        /// lazily with this `contain-intrinsic-size`. Asked when the size in force is
        /// `.default` and ``rowHeight`` is not set, or when it is `.auto` (the event's
        /// estimate replaces the general one).
        public var rowHeightEstimated: ((Context) -> Double)?
        /// This cell's size (Owl's `itemSize`): `width` and `height` in its style. Asked
        /// when the size in force is `.default`; a height from ``rowHeight`` wins.
        public var itemSize: ((Context) -> Size)?

        /// No events.
        public init() {}
    }
}

extension CellAdapter: CellRendering {
    var modelType: ObjectIdentifier { ObjectIdentifier(Model.self) }

    func renderer(templates: Templates) throws -> CellRenderer {
        let name = "CellAdapter<\(Model.self), \(Cell.self)>"
        let renderer = try TemplateRenderer<Cell>(template: template, folder: "cells", adapter: name, templates: templates)
        // Most adapters size no cell of their own: skip asking for each cell then.
        let asksSizes = events.rowHeight != nil || events.rowHeightEstimated != nil || events.itemSize != nil
        // The closure runs for every cell, unspecialized: each optional of a generic type it
        // makes asks the runtime for that type's metadata (some 600 instructions). So the
        // element's type is compared by identity and the element cast unconditionally, not
        // cast to an optional `Model`, and each event is unwrapped by `if let`, not `map`.
        // Together they were 23 million instructions of a one-title rebuild of 10,000 posts.
        // The director picks an adapter by the element's exact type, so the check only
        // guards a renderer called by hand with another model. The events are the ones
        // set when rendering starts.
        let events = events
        return { element, position, directorSizing in
            guard ObjectIdentifier(Swift.type(of: element)) == ObjectIdentifier(Model.self) else {
                throw OwlError.missingCellAdapter(
                    model: "\(type(of: element))", section: position.section.id, at: position.indexPath)
            }
            var context = Context(element: element as! Model, cell: Cell(), indexPath: position.indexPath, section: position.section)
            if let dequeue = events.dequeue { dequeue(&context) }
            var link: String?
            if let linkEvent = events.link { link = linkEvent(context) }
            var classes: [String] = []
            if let classesEvent = events.classes { classes = classesEvent(context) }
            var attributes: [(name: String, value: String)] = []
            if let attributesEvent = events.attributes {
                attributes = try HTMLAttributes.validated(attributesEvent(context), adapter: name)
            }
            return CellParts(
                content: renderer.render(context.cell, link: link),
                classes: classes,
                attributes: attributes,
                sizing: asksSizes ? self.sizing(of: context, events: events, director: directorSizing) : self.sizing
            )
        }
    }

    /// The size of one cell: the sizing `events` (those the rendering started with) when they
    /// apply (see ``Events``), else the adapter's sizing; nil leaves the cell to the
    /// director's sizing.
    private func sizing(of context: Context, events: Events, director: Sizing) -> Sizing? {
        switch sizing ?? director {
        case .default:
            if let height = events.rowHeight?(context) {
                return .explicit(Size(width: events.itemSize?(context).width, height: height))
            }
            if let size = events.itemSize?(context) {
                return .explicit(size)
            }
            if let estimate = events.rowHeightEstimated?(context) {
                return .auto(estimated: Size(height: estimate))
            }
        case .auto(let estimated):
            if let estimate = events.rowHeightEstimated?(context) {
                return .auto(estimated: Size(width: estimated.width, height: estimate))
            }
        case .explicit:
            break
        }
        return sizing
    }
}
