/// The size of list rows and grid items, per director and per adapter: Owl's
/// `rowHeight` / `itemSize`, mapped to CSS.
public enum Sizing: Hashable, Sendable {
    /// No size in the markup: the stylesheet decides.
    case `default`
    /// Sized by content, rendered lazily: `content-visibility: auto` with this estimate as
    /// `contain-intrinsic-size`.
    case auto(estimated: Size)
    /// A fixed row height, or a fixed grid item size.
    case explicit(Size)
}

/// A size in CSS pixels: a height (a number literal) or a width and a height.
public struct Size: Hashable, Sendable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// The width, when one is given.
    public var width: Double?
    /// The height.
    public var height: Double

    /// A size of this width and height.
    public init(width: Double? = nil, height: Double) {
        self.width = width
        self.height = height
    }

    /// A height.
    public init(integerLiteral height: Int) {
        self.init(height: Double(height))
    }

    /// A height.
    public init(floatLiteral height: Double) {
        self.init(height: height)
    }
}
