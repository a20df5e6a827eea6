/// The markup of a director: list (`<ol>`/`<li>`) or grid (`<div>`s, CSS grid).
struct Layout {
    let containerClass: String
    let cellsTag: String
    let isGrid: Bool

    /// The start of a cell's opening tag, up to its class list.
    let cellOpen: String
    /// A cell's closing tag.
    let cellClose: String

    init(containerClass: String, cellsTag: String, cellTag: String, isGrid: Bool) {
        self.containerClass = containerClass
        self.cellsTag = cellsTag
        self.isGrid = isGrid
        cellOpen = "<\(cellTag) class=\"owl-cell"
        cellClose = "</\(cellTag)>"
    }

    static let list = Layout(containerClass: "owl-list", cellsTag: "ol", cellTag: "li", isGrid: false)
    static let grid = Layout(containerClass: "owl-grid", cellsTag: "div", cellTag: "div", isGrid: true)

    /// The inline style of a section's cells container under the director's sizing.
    func cellsStyle(_ sizing: Sizing) -> String? {
        guard isGrid else { return nil }
        var declarations: [String] = []
        switch sizing {
        case .default:
            return nil
        case .auto(let size):
            declarations.append(contentsOf: Self.columns(size))
        case .explicit(let size):
            declarations.append(contentsOf: Self.columns(size))
            declarations.append("grid-auto-rows:\(Self.pixels(size.height))")
        }
        return declarations.isEmpty ? nil : (["display:grid"] + declarations).joined(separator: ";")
    }

    /// The inline style of a cell, by its adapter's sizing or else the director's.
    func cellStyle(adapter: Sizing?, director: Sizing) -> String? {
        let sizing: Sizing
        switch (adapter, director) {
        case (let adapter?, _): sizing = adapter
        case (nil, .explicit) where isGrid: return nil  // the grid's tracks size its items
        case (nil, _): sizing = director
        }
        switch sizing {
        case .default:
            return nil
        case .auto(let size):
            let width = size.width.map { "auto \(Self.pixels($0)) " } ?? ""
            return "content-visibility:auto;contain-intrinsic-size:\(width)auto \(Self.pixels(size.height))"
        case .explicit(let size):
            let width = size.width.map { ";width:\(Self.pixels($0))" } ?? ""
            return "height:\(Self.pixels(size.height))\(width)"
        }
    }

    private static func columns(_ size: Size) -> [String] {
        guard let width = size.width else { return [] }
        return ["grid-template-columns:repeat(auto-fill,minmax(\(pixels(width)),1fr))"]
    }

    /// `value` in CSS pixels, without a fraction when whole; not finite or negative is 0.
    static func pixels(_ value: Double) -> String {
        let value = value.isFinite ? max(value, 0) : 0
        if let whole = Int(exactly: value) {
            return "\(whole)px"
        }
        return "\(value)px"
    }
}
