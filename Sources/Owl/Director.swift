/// Owns the sections of one list and the adapters that render their elements: what
/// ``ListDirector`` and ``GridDirector`` share (Owl's `TableDirector` / `CollectionDirector`).
public class Director {
    /// The list's identifier, its `data-owl-list` marker.
    public let id: String
    /// The sections, in order. A section put here without an identifier is named then
    /// (see ``Section/init(id:elements:header:footer:)``).
    public var sections: [Section] = [] {
        didSet { adopt(sections) }
    }
    /// Where adapters find their templates.
    public var templates: Templates

    var sizing: Sizing = .default
    var flow = FlowLayout()
    let layout: Layout
    var cellAdapters: [ObjectIdentifier: any CellRendering] = [:]

    init(id: String, templates: Templates, layout: Layout) {
        self.id = id
        self.templates = templates
        self.layout = layout
    }

    /// Renders elements of `Model` with `adapter`. As in Owl, the first adapter registered
    /// for a model type is kept: registering another one for the same type does nothing.
    /// Returns the model type's name (Owl returns its adapter's identifier).
    @discardableResult
    public func registerCellAdapter<Model, Cell>(_ adapter: CellAdapter<Model, Cell>) -> String {
        register(adapter)
    }

    /// Registers each adapter in turn, as ``registerCellAdapter(_:)`` does.
    public func registerCellAdapters(_ adapters: [any CellAdapterProtocol]) {
        for adapter in adapters {
            if let adapter = adapter as? any CellRendering {
                register(adapter)
            }
        }
    }

    /// Owl's registration of a header/footer adapter, which UIKit needs to dequeue its view.
    /// HTML needs none: as in Owl, a section's view adapter renders whether or not it was
    /// registered, so this only returns the view type's name, for code ported from Owl.
    @discardableResult
    public func registerHeaderFooterAdapter(_ adapter: any HeaderFooterAdapterProtocol) -> String {
        adapter.viewIdentifier
    }

    /// Registers each adapter in turn, as ``registerHeaderFooterAdapter(_:)`` does.
    public func registerHeaderFooterAdapters(_ adapters: [any HeaderFooterAdapterProtocol]) {
        for adapter in adapters {
            registerHeaderFooterAdapter(adapter)
        }
    }

    @discardableResult
    private func register(_ adapter: any CellRendering) -> String {
        if cellAdapters[adapter.modelType] == nil {
            cellAdapters[adapter.modelType] = adapter
        }
        return adapter.modelIdentifier
    }

    /// Makes `sections` this director's: each knows its director, and those without an
    /// identifier get one that no other section has.
    private func adopt(_ sections: [Section]) {
        var taken: Set<String>?
        for (index, section) in sections.enumerated() {
            section.director = self
            guard section.hasAutomaticID else { continue }
            if taken == nil {
                taken = Set(sections.lazy.filter { !$0.hasAutomaticID }.map(\.id))
            }
            var number = index + 1
            while taken?.contains("section-\(number)") == true {
                number += 1
            }
            section.name("section-\(number)")
            taken?.insert(section.id)
        }
    }
}

/// A list rendered as semantic list markup (`<ol>` of `<li>` cells): Owl's `TableDirector`.
public final class ListDirector: Director {
    /// The height of rows, unless their adapter or its sizing events say otherwise.
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

/// A list rendered as a CSS grid (`display: grid` on every section's cells) honouring the
/// item size and the flow layout's spacing, insets and sticky headers: Owl's
/// `CollectionDirector` and `FlowCollectionDirector`.
public final class GridDirector: Director {
    /// The size of items, unless their adapter or its sizing events say otherwise; an
    /// explicit width sets the grid's columns.
    public var itemSize: Sizing {
        get { sizing }
        set { sizing = newValue }
    }

    /// The gap between items of a row, in CSS pixels (`column-gap`; Owl's
    /// `minimumInteritemSpacing`); nil leaves it to the stylesheet.
    public var minimumInteritemSpacing: Double? {
        get { flow.interitemSpacing }
        set { flow.interitemSpacing = newValue }
    }

    /// The gap between rows, in CSS pixels (`row-gap`; Owl's `minimumLineSpacing`); nil
    /// leaves it to the stylesheet.
    public var minimumLineSpacing: Double? {
        get { flow.lineSpacing }
        set { flow.lineSpacing = newValue }
    }

    /// Padding around every section's cells (Owl's `sectionsInsets`); nil leaves it to the
    /// stylesheet. A section's own ``Section/sectionInsets`` wins.
    public var sectionsInsets: EdgeInsets? {
        get { flow.sectionInsets }
        set { flow.sectionInsets = newValue }
    }

    /// Whether section headers stay at the top of the viewport while their section scrolls
    /// by (`position: sticky; top: 0`; Owl's `stickyHeaders`).
    public var stickyHeaders: Bool {
        get { flow.stickyHeaders }
        set { flow.stickyHeaders = newValue }
    }

    /// Whether section footers stay at the bottom of the viewport while their section
    /// scrolls by (`position: sticky; bottom: 0`; Owl's `stickyFooters`).
    public var stickyFooters: Bool {
        get { flow.stickyFooters }
        set { flow.stickyFooters = newValue }
    }

    /// A grid called `id` whose adapters find their templates in `templates`
    /// (by default the folder `Templates` of the working directory).
    public init(id: String, templates: Templates = Templates(folder: "Templates")) {
        super.init(id: id, templates: templates, layout: .grid)
    }
}

/// The flow-layout settings of a grid, as CSS.
struct FlowLayout {
    var interitemSpacing: Double?
    var lineSpacing: Double?
    var sectionInsets: EdgeInsets?
    var stickyHeaders = false
    var stickyFooters = false
}
