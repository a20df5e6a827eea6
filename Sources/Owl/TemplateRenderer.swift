/// Renders values of one cell or view type: through its template, or its own code.
struct TemplateRenderer<Content: HTMLCell> {
    private let template: ParsedTemplate?

    /// Resolves `template` for `Content` (default name `FOLDER/TypeName`) in `templates`.
    init(template: CellTemplate, folder: String, adapter: String, templates: Templates) throws {
        let resolved: CellTemplate
        switch template {
        case .automatic where Content.self is any HTMLRenderingCell.Type:
            self.template = nil
            return
        case .automatic:
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
        self.template = parsed
    }

    /// The inner HTML of `content`.
    func render(_ content: Content, link: String?) -> String {
        if let template {
            return template.render(TemplateContext(content, link: link))
        }
        return (content as? any HTMLRenderingCell)?.renderHTML(link: link) ?? ""
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
