import Foundation
import Owl
@testable import OwlSite

/// A small page rendered the way the directors write lists (docs/formats.md §1), with
/// its manifest entry and byte ranges, for patch tests.
struct PageFixture {
    struct Cell { var id: String; var text: String }
    struct Section { var id: String; var header: String; var cells: [Cell] }

    var title = "Posts"
    var banner = "Welcome"
    var nav = "Home"
    var listID = "posts"
    /// Written before every section and cell, as renderers that break lines do.
    var gap = ""
    var sections: [Section]

    static func cellHTML(_ cell: Cell) -> String {
        "<li class=\"owl-cell\" data-owl-cell=\"\(cell.id)\">\(cell.text)</li>"
    }

    /// The page's bytes and its manifest entry.
    func render(file: String = "posts/index.html") -> (bytes: [UInt8], page: ManifestPage) {
        var bytes: [UInt8] = []
        func put(_ text: String) -> (Int, Int) {
            let start = bytes.count
            bytes += Array(text.utf8)
            return (start, bytes.count)
        }
        func hash(_ text: String) -> ContentHash { ContentHash(text) }
        _ = put("<!DOCTYPE html><html><head><title>\(title)</title></head><body><p>\(banner)</p>")
        let navHTML = "<nav data-owl-region=\"nav\">\(nav)</nav>"
        let (navStart, navEnd) = put(navHTML)
        _ = put("<div class=\"owl-list\" data-owl-list=\"\(listID)\">")
        var entries: [ManifestSection] = []
        for section in sections {
            _ = put(gap)
            let head = "<section class=\"owl-section\" data-owl-section=\"\(section.id)\"><header>\(section.header)</header><ol data-owl-cells>"
            let (start, _) = put(head)
            let cells = section.cells.map { cell in
                _ = put(gap)
                let (cellStart, cellEnd) = put(Self.cellHTML(cell))
                return ManifestCell(id: cell.id, hash: hash(Self.cellHTML(cell)), start: cellStart, end: cellEnd)
            }
            let (_, end) = put("</ol></section>")
            entries.append(ManifestSection(id: section.id, hash: hash(head), range: [start, end], cells: cells))
        }
        _ = put("</div></body></html>")
        let page = ManifestPage(
            file: file, title: title, shell: hash(banner + listID),
            lists: [ManifestList(id: listID, shell: hash(listID), sections: entries)],
            regions: ["nav": ManifestSpan(hash: hash(navHTML), start: navStart, end: navEnd)]
        )
        return (bytes, page)
    }

    /// `years` sections of `perSection` cells each.
    static func posts(years: Int = 3, perSection: Int = 4) -> PageFixture {
        PageFixture(sections: (0..<years).map { year in
            Section(id: "\(2024 - year)", header: "Year \(2024 - year)", cells: (0..<perSection).map {
                Cell(id: "post-\(year)-\($0)", text: "Post \($0)")
            })
        })
    }
}

/// Two builds made of fixture pages: their pages, each at the version its bytes hash to.
struct BuildPair {
    var old: [String: BuildDiff.Page]
    var new: [String: BuildDiff.Page]

    init(old: [String: PageFixture], new: [String: PageFixture]) {
        func pages(_ fixtures: [String: PageFixture]) -> [String: BuildDiff.Page] {
            fixtures.mapValues { page in
                let (bytes, entry) = page.render(file: "posts/index.html")
                return BuildDiff.Page(version: XXH64.hash(bytes), manifest: entry, bytes: bytes)
            }
        }
        (self.old, self.new) = (pages(old), pages(new))
    }

    func diff() throws -> BuildDiff {
        try BuildDiff(from: old, to: new)
    }
}
