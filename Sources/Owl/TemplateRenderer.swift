/// Renders values of one cell or view type: through its template, or its own code.
struct TemplateRenderer<Content: HTMLCell> {
    /// The inner HTML of a cell given its link: from the template, or the cell's own code.
    /// Not optional: an optional of a generic function type has the runtime make its
    /// metadata each time it is read in unspecialized code.
    private let html: (Content, String?) -> String

    /// Resolves `template` for `Content` (default name `FOLDER/TypeName`) in `templates`.
    init(template: CellTemplate, folder: String, adapter: String, templates: Templates) throws {
        let resolved: CellTemplate
        switch template {
        case .automatic:
            if let rendering = Content.self as? any HTMLRenderingCell.Type {
                html = Self.ownHTML(of: rendering)
                return
            }
            resolved = .named(folder + "/" + String(describing: Content.self))
        default:
            resolved = template
        }
        guard let parsed = try templates.parsedTemplate(resolved) else {
            throw OwlError.missingTemplate(
                template: resolved.displayName,
                adapter: adapter,
                searched: resolved.searchedLocation(in: templates)
            )
        }
        html = { content, link in parsed.render(TemplateContext(content, link: link)) }
    }

    /// Renders with `type`'s `renderHTML(link:)`, `type` being `Content`, found once here: a
    /// cast of each cell to `any HTMLRenderingCell` looked the conformance up again, some 780
    /// instructions a cell (8.6 million of a one-title rebuild of 10,000 posts).
    private static func ownHTML(of type: any HTMLRenderingCell.Type) -> (Content, String?) -> String {
        func rendering<Cell: HTMLRenderingCell>(_: Cell.Type) -> (Content, String?) -> String {
            { content, link in (content as! Cell).renderHTML(link: link) }
        }
        return rendering(type)
    }

    /// The inner HTML of `content`.
    func render(_ content: Content, link: String?) -> String {
        html(content, link)
    }
}

extension CellTemplate {
    fileprivate var displayName: String {
        switch self {
        case .automatic: "automatic"
        case .named(let name): name
        case .file(let path): path
        case .inline: "inline template"
        }
    }

    fileprivate func searchedLocation(in templates: Templates) -> String {
        switch self {
        case .file(let path): FolderTemplateSource.absolute(path)
        case .named(let name): templates.source.location(ofTemplate: name)
        case .automatic, .inline: templates.source.location
        }
    }
}
