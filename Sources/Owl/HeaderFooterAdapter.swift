/// Renders a view header or footer through its template: Owl's `TableHeaderFooterAdapter<View>`.
///
/// ```swift
/// let header = HeaderFooterAdapter<GroupHeader>()
/// header.events.dequeue = { ctx in ctx.view.title = ctx.section.id.capitalized }
/// director.registerHeaderFooterAdapter(header)
/// Section(id: "friends", elements: friends, header: .view(header))
/// ```
public final class HeaderFooterAdapter<View: HTMLCell> {
    /// What the adapter does with each view.
    public var events = Events()
    /// Where the view's template comes from (by default `views/TypeName`).
    public var template: CellTemplate = .automatic

    /// An adapter, optionally configured by `configure`.
    public init(_ configure: ((HeaderFooterAdapter) -> Void)? = nil) {
        configure?(self)
    }
}

extension HeaderFooterAdapter {
    /// One header or footer being rendered.
    public struct Context {
        /// The view, filled by `dequeue`.
        public var view: View
        /// The section the view heads or ends.
        public let section: Section
        /// The index of that section.
        public let sectionIndex: Int
    }

    /// The adapter's events.
    public struct Events {
        /// Fills the view from its section before rendering.
        public var dequeue: ((inout Context) -> Void)?

        /// No events.
        public init() {}
    }
}

extension HeaderFooterAdapter: HeaderFooterRendering {
    var viewType: ObjectIdentifier { ObjectIdentifier(View.self) }
    var viewTypeName: String { String(describing: View.self) }

    func render(section: Section, sectionIndex: Int, templates: Templates) throws -> String {
        let renderer = try TemplateRenderer<View>(
            template: template, folder: "views", adapter: "HeaderFooterAdapter<\(View.self)>", templates: templates
        )
        var context = Context(view: View(), section: section, sectionIndex: sectionIndex)
        events.dequeue?(&context)
        return renderer.render(context.view, link: nil)
    }
}

/// A header/footer adapter, whatever its view type.
protocol HeaderFooterRendering {
    var viewType: ObjectIdentifier { get }
    var viewTypeName: String { get }

    /// The inner HTML of the view for `section`.
    func render(section: Section, sectionIndex: Int, templates: Templates) throws -> String
}
