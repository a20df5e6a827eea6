/// Space around a grid's cells, in CSS pixels: Owl's `UIEdgeInsets` of `sectionsInsets`,
/// written as the cells container's `padding`.
public struct EdgeInsets: Hashable, Sendable {
    /// Space above the first row.
    public var top: Double
    /// Space before the first column.
    public var left: Double
    /// Space below the last row.
    public var bottom: Double
    /// Space after the last column.
    public var right: Double

    /// Insets of these sizes, in UIKit's order.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No space: UIKit's `.zero`.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// The CSS `padding` value: top, right, bottom, left.
    var css: String {
        [top, right, bottom, left].map(Layout.pixels).joined(separator: " ")
    }
}
