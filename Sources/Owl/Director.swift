/// Owns the sections of one list and the adapters that render their elements: what
/// ``ListDirector`` and ``GridDirector`` share (Owl's `TableDirector` / `CollectionDirector`).
public class Director {
    /// The list's identifier, its `data-owl-list` marker.
    public let id: String
    /// The sections, in order.
    public var sections: [Section] = []
    /// Where adapters find their templates.
    public var templates: Templates

    var sizing: Sizing = .default
    let layout: Layout
    var cellAdapters: [ObjectIdentifier: any CellRendering] = [:]
    var headerFooterViews: Set<ObjectIdentifier> = []

    init(id: String, templates: Templates, layout: Layout) {
        self.id = id
        self.templates = templates
        self.layout = layout
    }

    /// Renders elements of `Model` with `adapter`, replacing any adapter for `Model`.
    public func registerCellAdapter<Model, Cell>(_ adapter: CellAdapter<Model, Cell>) {
        cellAdapters[adapter.modelType] = adapter
    }

    /// Lets sections use `adapter` for view headers and footers.
    public func registerHeaderFooterAdapter<View>(_ adapter: HeaderFooterAdapter<View>) {
        headerFooterViews.insert(adapter.viewType)
    }
}

/// A list rendered as semantic list markup (`<ol>` of `<li>` cells): Owl's `TableDirector`.
public final class ListDirector: Director {
    /// The height of rows, unless their adapter says otherwise.
    public var rowHeight: Sizing {
        get { sizing }
        set { sizing = newValue }
    }

    /// A list called `id` whose adapters find their templates in `templates`
    /// (by default the folder `Templates` of the working directory).
    public init(id: String, templates: Templates = Templates(folder: "Templates")) {
        super.init(id: id, templates: templates, layout: .list)
    }
}

/// A list rendered as a CSS grid honouring the item size: Owl's `CollectionDirector`.
public final class GridDirector: Director {
    /// The size of items, unless their adapter says otherwise; an explicit width sets
    /// the grid's columns.
    public var itemSize: Sizing {
        get { sizing }
        set { sizing = newValue }
    }

    /// A grid called `id` whose adapters find their templates in `templates`
    /// (by default the folder `Templates` of the working directory).
    public init(id: String, templates: Templates = Templates(folder: "Templates")) {
        super.init(id: id, templates: templates, layout: .grid)
    }
}
