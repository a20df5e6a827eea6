/// Where templates come from, by name (`cells/ContactCell`): a folder, a dictionary, or
/// several of them layered, so a site can bundle a theme and let users override it.
public protocol TemplateSource: Sendable {
    /// Where this source looks, for error messages.
    var location: String { get }

    /// The text of the template called `name`, or nil when this source has none.
    func text(ofTemplate name: String) throws -> String?

    /// Where this source looks for the template called `name`, for error messages: the
    /// file path for a folder. By default ``location``.
    func location(ofTemplate name: String) -> String
}

extension TemplateSource {
    /// ``location``.
    public func location(ofTemplate name: String) -> String {
        location
    }
}
