/// A section's header or footer: plain text (a string literal), or a view rendered by a
/// ``HeaderFooterAdapter``.
public struct HeaderFooter: ExpressibleByStringInterpolation {
    enum Content {
        case text(String)
        case view(any HeaderFooterAdapterProtocol)
    }

    let content: Content

    /// Text, HTML-escaped.
    public static func text(_ text: String) -> HeaderFooter {
        HeaderFooter(content: .text(text))
    }

    /// A view rendered by `adapter`, which must be registered with the director.
    public static func view(_ adapter: any HeaderFooterAdapterProtocol) -> HeaderFooter {
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

    /// The text, nil for a view.
    var text: String? {
        if case .text(let text) = content { text } else { nil }
    }

    /// The view's adapter, nil for text.
    var adapter: (any HeaderFooterAdapterProtocol)? {
        if case .view(let adapter) = content { adapter } else { nil }
    }
}
