/// Renders a view header or footer through its template: Owl's `TableHeaderFooterAdapter<View>`.
///
/// ```swift
/// let header = HeaderFooterAdapter<GroupHeader>()
/// header.events.dequeue = { ctx in ctx.view.title = ctx.section.id.capitalized }
/// director.registerHeaderFooterAdapter(header)
/// Section(id: "friends", elements: friends, header: .view(header))
/// ```
public final class HeaderFooterAdapter<View: HTMLCell>: HeaderFooterAdapterProtocol {
    /// What the adapter does with each view.
    public var events = Events()
    /// Where the view's template comes from (by default `views/TypeName`).
    public var template: CellTemplate = .automatic

    /// An adapter, optionally configured by `configure`.
    public init(_ configure: ((HeaderFooterAdapter) -> Void)? = nil) {
        configure?(self)
    }

    /// The view type's name.
    public var viewIdentifier: String { String(describing: View.self) }
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
        /// Whether the view is the section's header (else its footer), as in Owl.
        public let isHeader: Bool
    }

    /// The adapter's events. The sizing events set the header's or footer's CSS size, the
    /// first one set winning: ``referenceSize``, ``height``, ``estimatedHeight``; without
    /// them the section's ``Section/headerSize`` / ``Section/footerSize`` applies.
    public struct Events {
        /// Fills the view from its section before rendering.
        public var dequeue: ((inout Context) -> Void)?
        /// The view's height in CSS pixels (Owl's `height`).
        public var height: ((Context) -> Double)?
        /// The view's estimated height (Owl's `estimatedHeight`): rendered lazily with this
        /// `contain-intrinsic-size`.
        public var estimatedHeight: ((Context) -> Double)?
        /// The view's size (Owl's `referenceSize` of collection headers): `width` and
        /// `height` in its style.
        public var referenceSize: ((Context) -> Size)?

        /// No events.
        public init() {}
    }
}

extension HeaderFooterAdapter: HeaderFooterRendering {
    func render(section: Section, sectionIndex: Int, isHeader: Bool, templates: Templates) throws -> HeaderFooterParts {
        let renderer = try TemplateRenderer<View>(
            template: template, folder: "views", adapter: "HeaderFooterAdapter<\(View.self)>", templates: templates
        )
        var context = Context(view: View(), section: section, sectionIndex: sectionIndex, isHeader: isHeader)
        events.dequeue?(&context)
        return HeaderFooterParts(content: renderer.render(context.view, link: nil), sizing: sizing(of: context))
    }

    private func sizing(of context: Context) -> Sizing? {
        if let size = events.referenceSize?(context) {
            return .explicit(size)
        }
        if let height = events.height?(context) {
            return .explicit(Size(height: height))
        }
        if let estimate = events.estimatedHeight?(context) {
            return .auto(estimated: Size(height: estimate))
        }
        return nil
    }
}

/// A header/footer adapter, whatever its view type.
protocol HeaderFooterRendering: HeaderFooterAdapterProtocol {
    /// The inner HTML and size of the view for `section`.
    func render(section: Section, sectionIndex: Int, isHeader: Bool, templates: Templates) throws -> HeaderFooterParts
}

/// A rendered header or footer.
struct HeaderFooterParts {
    var content: String
    /// Its size from its adapter's events, nil when they give none.
    var sizing: Sizing?
}
