/// What can go wrong while rendering a list.
public enum OwlError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A section holds an element whose type no registered cell adapter handles.
    case missingCellAdapter(model: String)
    /// A section's header or footer uses an adapter that was not registered.
    case missingHeaderFooterAdapter(view: String)
    /// An adapter's template is nowhere to be found.
    case missingTemplate(template: String, adapter: String, searched: String)
    /// A template does not parse.
    case templateSyntax(template: String, line: Int, column: Int, reason: String)
    /// A template file exists but cannot be read.
    case unreadableTemplate(template: String, reason: String)
    /// An adapter asked for an attribute whose name is invalid or reserved by Owl.
    case invalidAttribute(name: String, adapter: String)

    /// A message naming what failed.
    public var description: String {
        switch self {
        case .missingCellAdapter(let model):
            "no cell adapter registered for model type \(model)"
        case .missingHeaderFooterAdapter(let view):
            "header/footer adapter for view type \(view) is not registered"
        case .missingTemplate(let template, let adapter, let searched):
            "template \(template) of \(adapter) not found in \(searched)"
        case .templateSyntax(let template, let line, let column, let reason):
            "\(template):\(line):\(column): template syntax error: \(reason)"
        case .unreadableTemplate(let template, let reason):
            "template \(template) cannot be read: \(reason)"
        case .invalidAttribute(let name, let adapter):
            "\(adapter): invalid or reserved attribute name \"\(name)\""
        }
    }
}
