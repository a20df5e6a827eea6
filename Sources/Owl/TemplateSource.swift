/// Where templates come from, by name (`cells/ContactCell`): a folder, a dictionary, or
/// several of them layered, so a site can bundle a theme and let users override it.
public protocol TemplateSource: Sendable {
    /// Where this source looks, for error messages.
    var location: String { get }

    /// The text of the template called `name`, or nil when this source has none.
    func text(ofTemplate name: String) throws -> String?
}
