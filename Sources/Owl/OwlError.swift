import Foundation
import OwlDiff

/// What can go wrong while rendering a list. Each error reads as a sentence naming what
/// failed and where (``description``, also its `localizedDescription`).
public enum OwlError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The element at `at` in the section `section` has a type that no registered cell
    /// adapter handles.
    case missingCellAdapter(model: String, section: String, at: ElementPath)
    /// A section's header or footer uses an adapter of a type that cannot render (only
    /// ``HeaderFooterAdapter`` can).
    case missingHeaderFooterAdapter(view: String, section: String, isHeader: Bool)
    /// An adapter's template is nowhere to be found; `searched` says where it was looked for
    /// (the file paths, for templates in folders).
    case missingTemplate(template: String, adapter: String, searched: String)
    /// A template does not parse: `reason` says why, in words.
    case templateSyntax(template: String, line: Int, column: Int, reason: String)
    /// A template file exists but cannot be read.
    case unreadableTemplate(template: String, reason: String)
    /// An adapter asked for an attribute whose name is invalid or reserved by Owl
    /// (`class`, `style` and every `data-owl-*`).
    case invalidAttribute(name: String, adapter: String)
    /// Two sections of the list share an identifier: at indices `first` and `second`.
    case duplicateSectionID(id: String, list: String, first: Int, second: Int)
    /// Two cells of one section share an identifier: the elements at `first` and
    /// `second`, of model types `firstModel` and `secondModel`.
    case duplicateCellID(id: String, section: String, first: ElementPath, firstModel: String, second: ElementPath, secondModel: String)

    /// A message naming what failed.
    public var description: String {
        switch self {
        case .missingCellAdapter(let model, let section, let path):
            "no cell adapter registered for model type \(model) (section \"\(section)\" at index \(path.section), row \(path.element))"
        case .missingHeaderFooterAdapter(let view, let section, let isHeader):
            "the \(isHeader ? "header" : "footer") of section \"\(section)\" has an adapter for view type \(view) that is not a HeaderFooterAdapter"
        case .missingTemplate(let template, let adapter, let searched):
            "template \(template) of \(adapter) not found (looked in \(searched))"
        case .templateSyntax(let template, let line, let column, let reason):
            "\(template):\(line):\(column): template syntax error at line \(line), column \(column): \(reason)"
        case .unreadableTemplate(let template, let reason):
            "template \(template) cannot be read: \(reason)"
        case .invalidAttribute(let name, let adapter):
            "\(adapter): invalid or reserved attribute name \"\(name)\" (class, style and data-owl-* are Owl's)"
        case .duplicateSectionID(let id, let list, let first, let second):
            "list \"\(list)\": sections \(first) and \(second) both have the identifier \"\(id)\"; a section's identifier must be unique in its list"
        case .duplicateCellID(let id, let section, let first, let firstModel, let second, let secondModel):
            "section \"\(section)\": rows \(first.element) (\(firstModel)) and \(second.element) (\(secondModel)) of section \(first.section) "
                + "both have the identifier \"\(id)\"; a cell's identifier must be unique in its section"
        }
    }

    /// The same as ``description``, so that `localizedDescription` reads well.
    public var errorDescription: String? { description }
}
