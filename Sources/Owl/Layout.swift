/// The markup of a director: list (`<ol>`/`<li>`) or grid (`<div>`s, CSS grid), and the
/// inline styles its sizes and flow settings become.
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

    /// The inline style of a section's cells container: for a grid always `display:grid`,
    /// then its columns and rows under the director's sizing, its gaps and padding (the
    /// section's own settings over the director's); nothing for a list.
    func cellsStyle(_ sizing: Sizing, flow: FlowLayout, section: Section) -> String? {
        guard isGrid else { return nil }
        var declarations = ["display:grid"]
        switch sizing {
        case .default:
            break
        case .auto(let size):
            declarations.append(contentsOf: Self.columns(size))
        case .explicit(let size):
            declarations.append(contentsOf: Self.columns(size))
            declarations.append("grid-auto-rows:\(Self.pixels(size.height))")
        }
        let line = section.minimumLineSpacing ?? flow.lineSpacing
        let interitem = section.minimumInterItemSpacing ?? flow.interitemSpacing
        if let line {
            declarations.append("row-gap:\(Self.pixels(line))")
        }
        if let interitem {
            declarations.append("column-gap:\(Self.pixels(interitem))")
        }
        if let insets = section.sectionInsets ?? flow.sectionInsets {
            declarations.append("padding:\(insets.css)")
        }
        return declarations.joined(separator: ";")
    }

    /// The inline style of a cell, by its own sizing or else the director's.
    func cellStyle(adapter: Sizing?, director: Sizing) -> String? {
        let sizing: Sizing
        switch (adapter, director) {
        case (let adapter?, _): sizing = adapter
        case (nil, .explicit) where isGrid: return nil  // the grid's tracks size its items
        case (nil, _): sizing = director
        }
        return Self.style(sizing)
    }

    /// The inline style of a header or footer: its size, then `position:sticky` when the
    /// flow layout pins it.
    func headerFooterStyle(_ sizing: Sizing?, isHeader: Bool, flow: FlowLayout) -> String? {
        var declarations = sizing.flatMap(Self.style).map { [$0] } ?? []
        if isGrid, isHeader ? flow.stickyHeaders : flow.stickyFooters {
            declarations.append(isHeader ? "position:sticky;top:0" : "position:sticky;bottom:0")
        }
        return declarations.isEmpty ? nil : declarations.joined(separator: ";")
    }

    /// The declarations of one element's size.
    private static func style(_ sizing: Sizing) -> String? {
        switch sizing {
        case .default:
            return nil
        case .auto(let size):
            let width = size.width.map { "auto \(pixels($0)) " } ?? ""
            return "content-visibility:auto;contain-intrinsic-size:\(width)auto \(pixels(size.height))"
        case .explicit(let size):
            let width = size.width.map { ";width:\(pixels($0))" } ?? ""
            return "height:\(pixels(size.height))\(width)"
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
