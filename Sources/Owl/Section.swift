/// A section of a list: an identifier, elements of any model types, and an optional
/// header and footer. Owl's `TableSection` / `CollectionSection`, a reference shared with
/// its director.
public final class Section {
    /// The section's identifier, its `data-owl-section` marker. A section made without one
    /// is named by the first director it is added to (see ``init(id:elements:header:footer:)``).
    public private(set) var id: String
    /// The section's elements, in order, collapsed or not.
    public var elements: [any ElementRepresentable]
    /// Text or a view above the elements.
    public var header: HeaderFooter?
    /// Text or a view below the elements.
    public var footer: HeaderFooter?
    /// Whether the section is rendered collapsed: its header and footer, and its cells
    /// container present but empty, marked `data-owl-collapsed` (Owl's `isCollapsed`). The
    /// elements stay in ``elements``; collapsing deletes their cells in an update, expanding
    /// inserts them again.
    public var isCollapsed = false
    /// The section's entry in the director's jump list (Owl's `indexTitle`, the table's
    /// section index): see ``Director/renderIndex()``. A section with an index title gets an
    /// `id` to jump to.
    public var indexTitle: String?
    /// The size of the header (Owl's `CollectionSection.headerSize`), when its adapter's
    /// sizing events give none.
    public var headerSize: Size?
    /// The size of the footer (Owl's `CollectionSection.footerSize`), when its adapter's
    /// sizing events give none.
    public var footerSize: Size?
    /// Padding around this section's cells in a grid, instead of the director's
    /// ``GridDirector/sectionsInsets`` (Owl's per-section `sectionInsets`).
    public var sectionInsets: EdgeInsets?
    /// The gap between items of a row in a grid, instead of the director's
    /// ``GridDirector/minimumInteritemSpacing``.
    public var minimumInterItemSpacing: Double?
    /// The gap between rows in a grid, instead of the director's
    /// ``GridDirector/minimumLineSpacing``.
    public var minimumLineSpacing: Double?

    /// Whether the section still waits for its director to name it.
    private(set) var hasAutomaticID: Bool
    /// The director holding the section, for ``index``.
    weak var director: Director?

    /// A section called `id`; without an `id`, the first director the section is added to
    /// names it `section-N`, N its position counting from 1 (the next free number when
    /// that name is taken), so that the name stays the same from one build to the next,
    /// unlike Owl's random UUID.
    public init(
        id: String? = nil,
        elements: [any ElementRepresentable] = [],
        header: HeaderFooter? = nil,
        footer: HeaderFooter? = nil
    ) {
        self.id = id ?? ""
        hasAutomaticID = id == nil
        self.elements = elements
        self.header = header
        self.footer = footer
    }

    /// A section with text header and footer given as strings (variables too, not only
    /// literals): Owl's `TableSection(id:elements:header:footer:)`. Disfavoured so that
    /// literals and `nil`, which both initializers take, pick the one above (same result).
    @_disfavoredOverload
    public convenience init(id: String? = nil, elements: [any ElementRepresentable] = [], header: String?, footer: String? = nil) {
        self.init(id: id, elements: elements, header: header.map(HeaderFooter.text), footer: footer.map(HeaderFooter.text))
    }

    /// A section with view header and footer: Owl's
    /// `TableSection(id:elements:headerView:footerView:)`.
    public convenience init(
        id: String? = nil,
        elements: [any ElementRepresentable] = [],
        headerView: (any HeaderFooterAdapterProtocol)?,
        footerView: (any HeaderFooterAdapterProtocol)? = nil
    ) {
        self.init(id: id, elements: elements, header: headerView.map(HeaderFooter.view), footer: footerView.map(HeaderFooter.view))
    }

    /// Owl's name for ``id``.
    public var identifier: String { id }

    /// The section's index in its director, nil when no director holds it.
    public var index: Int? {
        director?.sections.firstIndex { $0 === self }
    }

    /// Names the section `id` if it still has no name.
    func name(_ id: String) {
        guard hasAutomaticID else { return }
        self.id = id
        hasAutomaticID = false
    }
}

extension Section {
    /// The header's text, nil when the header is a view or absent (Owl's `headerTitle`).
    public var headerTitle: String? {
        get { header?.text }
        set { header = newValue.map(HeaderFooter.text) }
    }

    /// The footer's text, nil when the footer is a view or absent (Owl's `footerTitle`).
    public var footerTitle: String? {
        get { footer?.text }
        set { footer = newValue.map(HeaderFooter.text) }
    }

    /// The header's adapter, nil when the header is text or absent (Owl's `headerView`).
    public var headerView: (any HeaderFooterAdapterProtocol)? {
        get { header?.adapter }
        set { header = newValue.map(HeaderFooter.view) }
    }

    /// The footer's adapter, nil when the footer is text or absent (Owl's `footerView`).
    public var footerView: (any HeaderFooterAdapterProtocol)? {
        get { footer?.adapter }
        set { footer = newValue.map(HeaderFooter.view) }
    }
}

extension Section {
    /// Everything of a section that an update may change, to put back when it fails.
    struct Snapshot {
        let section: Section
        let elements: [any ElementRepresentable]
        let header: HeaderFooter?
        let footer: HeaderFooter?
        let isCollapsed: Bool
        let indexTitle: String?
        let headerSize: Size?
        let footerSize: Size?
        let sectionInsets: EdgeInsets?
        let minimumInterItemSpacing: Double?
        let minimumLineSpacing: Double?
        let id: String
        let hasAutomaticID: Bool
        let director: Director?

        init(_ section: Section) {
            self.section = section
            elements = section.elements
            header = section.header
            footer = section.footer
            isCollapsed = section.isCollapsed
            indexTitle = section.indexTitle
            headerSize = section.headerSize
            footerSize = section.footerSize
            sectionInsets = section.sectionInsets
            minimumInterItemSpacing = section.minimumInterItemSpacing
            minimumLineSpacing = section.minimumLineSpacing
            id = section.id
            hasAutomaticID = section.hasAutomaticID
            director = section.director
        }

        func restore() {
            section.elements = elements
            section.header = header
            section.footer = footer
            section.isCollapsed = isCollapsed
            section.indexTitle = indexTitle
            section.headerSize = headerSize
            section.footerSize = footerSize
            section.sectionInsets = sectionInsets
            section.minimumInterItemSpacing = minimumInterItemSpacing
            section.minimumLineSpacing = minimumLineSpacing
            section.id = id
            section.hasAutomaticID = hasAutomaticID
            section.director = director
        }
    }
}
