/// A section's header or footer: plain text (a string literal), or a view rendered by a
/// ``HeaderFooterAdapter``.
public struct HeaderFooter: ExpressibleByStringInterpolation {
    enum Content {
        case text(String)
        case view(any HeaderFooterRendering)
    }

    let content: Content

    /// Text, HTML-escaped.
    public static func text(_ text: String) -> HeaderFooter {
        HeaderFooter(content: .text(text))
    }

    /// A view rendered by `adapter`, which must be registered with the director.
    public static func view<View>(_ adapter: HeaderFooterAdapter<View>) -> HeaderFooter {
        HeaderFooter(content: .view(adapter))
    }

    private init(content: Content) {
        self.content = content
    }

    /// Text, HTML-escaped.
    public init(stringLiteral text: String) {
        self.init(content: .text(text))
    }

    /// Text, HTML-escaped.
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(content: .text(String(stringInterpolation: stringInterpolation)))
    }
}
