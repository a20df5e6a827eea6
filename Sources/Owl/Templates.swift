import Foundation
import Mustache

/// Parsed Mustache templates from a ``TemplateSource``: each parsed once, then cached.
///
/// One `Templates` can be shared by many directors (and threads).
public final class Templates: @unchecked Sendable {
    /// Where named templates come from.
    public let source: any TemplateSource

    private let lock = NSLock()
    private var parsed: [CellTemplate: ParsedTemplate] = [:]

    /// Templates from `source`.
    public init(source: any TemplateSource) {
        self.source = source
    }

    /// Templates in `folder` (`cells/ContactCell` → `FOLDER/cells/ContactCell.mustache`).
    public convenience init(folder: String) {
        self.init(source: FolderTemplateSource(folder: folder))
    }

    /// The parsed template called `name`, or nil when the source has none.
    public func template(named name: String) throws -> MustacheTemplate? {
        try parsedTemplate(.named(name))?.mustache
    }

    /// The parsed template for `template` (``CellTemplate/automatic`` is never asked for).
    func parsedTemplate(_ template: CellTemplate) throws -> ParsedTemplate? {
        if let cached = lock.withLock({ parsed[template] }) {
            return cached
        }
        let name: String
        let text: String?
        switch template {
        case .automatic:
            return nil
        case .named(let templateName):
            name = templateName
            text = try source.text(ofTemplate: templateName)
        case .file(let path):
            name = path
            text = try FolderTemplateSource.text(ofFile: path, template: path)
        case .inline(let inlineText):
            name = "inline template"
            text = inlineText
        }
        guard let text else { return nil }
        let mustache = try Self.parse(text, name: name)
        let result = ParsedTemplate(mustache: mustache, compiled: CompiledTemplate(mustache), partials: try partials(of: mustache, in: name))
        lock.withLock { parsed[template] = result }
        return result
    }

    /// The partials `template` includes, at any depth, from the source; nil when none.
    private func partials(of template: MustacheTemplate, in name: String) throws -> TemplateLibrary? {
        var pending = MustacheToken.partialNames(of: template).sorted()
        guard !pending.isEmpty else { return nil }
        var partials: [String: MustacheTemplate] = [:]
        while let partial = pending.popLast() {
            guard partials[partial] == nil else { continue }
            guard let text = try source.text(ofTemplate: partial) else {
                throw OwlError.missingTemplate(template: partial, adapter: "partial of \(name)", searched: source.location(ofTemplate: partial))
            }
            let parsed = try Self.parse(text, name: partial)
            partials[partial] = parsed
            pending.append(contentsOf: MustacheToken.partialNames(of: parsed).sorted())
        }
        return TemplateLibrary(partials)
    }

    private static func parse(_ text: String, name: String) throws -> MustacheTemplate {
        do {
            return try MustacheTemplate(string: text)
        } catch let error as MustacheTemplate.ParserError {
            throw OwlError.templateSyntax(
                template: name,
                line: error.context.lineNumber,
                column: error.context.columnNumber,
                reason: TemplateSyntax.reason(error.error)
            )
        }
    }
}

/// A template as swift-mustache parsed it, its compiled form when it has one, and the
/// partials it includes.
struct ParsedTemplate {
    let mustache: MustacheTemplate
    let compiled: CompiledTemplate?
    let partials: TemplateLibrary?

    /// `context` rendered, by the compiled form when it can.
    func render(_ context: TemplateContext) -> String {
        (try? compiled?.render(context, partials: partials)) ?? mustache.render(context, library: partials?.mustache)
    }
}
