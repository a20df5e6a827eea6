import Foundation
import Owl
import OwlDiff
@testable import OwlSite

/// A page's lists and regions as strings, built from its bytes and manifest entry, with the
/// patch procedure of docs/patch-format.md applied to them as owl.js applies it to the DOM
/// (after Tests/OwlTests/PatchApplier.swift): patching an older page gives the newer one.
struct PageModel: Equatable {
    /// A section: its shell (the whitespace before it, its cells container emptied) and its
    /// cells (each with the whitespace before it), or, when inserted whole, its outer HTML.
    enum Part: Equatable {
        case split(shell: String, cells: [String])
        case whole(String)

        var html: String {
            switch self {
            case .whole(let html): return html
            case .split(let shell, let cells):
                let marker = shell.range(of: "data-owl-cells")!
                let open = shell[marker.upperBound...].firstIndex(of: ">")!
                return String(shell[...open]) + cells.joined() + String(shell[shell.index(after: open)...])
            }
        }
    }

    enum Failure: Error { case mismatch(String) }

    var lists: [String: [Part]] = [:]
    var regions: [String: String] = [:]

    /// The model of the page `bytes` whose manifest entry is `manifest`.
    init(bytes: [UInt8], manifest: ManifestPage) throws {
        let source = PageSource(file: manifest.file, bytes: bytes)
        for list in manifest.lists {
            lists[list.id] = try list.sections.map { section in
                .split(shell: try source.shell(of: section), cells: try section.cells.map { try source.html(of: $0) })
            }
        }
        for (name, region) in manifest.regions { regions[name] = try source.html(of: region) }
    }

    /// The sections' HTML, list by list: what is compared (a section inserted whole and one
    /// kept in parts are the same when their HTML is).
    var html: [String: [String]] { lists.mapValues { $0.map(\.html) } }

    mutating func apply(_ patch: PatchFile) throws {
        for (name, html) in patch.regions ?? [:] {
            guard regions[name] != nil else { throw Failure.mismatch("no region \(name)") }
            regions[name] = html
        }
        for list in patch.lists ?? [] {
            guard var sections = lists[list.id] else { throw Failure.mismatch("no list \(list.id)") }
            for stage in list.stages { try Self.apply(stage, to: &sections) }
            lists[list.id] = sections
        }
    }

    private static func apply(_ stage: ListPatch.Stage, to sections: inout [Part]) throws {
        func cells(_ section: Int) throws -> [String] {
            guard sections.indices.contains(section), case .split(_, let cells) = sections[section] else {
                throw Failure.mismatch("no cells to address in section \(section)")
            }
            return cells
        }
        func mutate(_ section: Int, _ change: (inout [String]) -> Void) throws {
            guard sections.indices.contains(section), case .split(let shell, var cells) = sections[section] else {
                throw Failure.mismatch("no cells to address in section \(section)")
            }
            change(&cells)
            sections[section] = .split(shell: shell, cells: cells)
        }
        func check(cell path: ElementPath, _ id: String?) throws {
            let all = try cells(path.section)
            guard all.indices.contains(path.element), let id, all[path.element].contains("data-owl-cell=\"\(HTML.escape(id))\"") else {
                throw Failure.mismatch("cell \(path) is not \(id ?? "nil")")
            }
        }
        func check(section index: Int, _ id: String?) throws {
            guard sections.indices.contains(index), let id, sections[index].html.contains("data-owl-section=\"\(HTML.escape(id))\"") else {
                throw Failure.mismatch("section \(index) is not \(id ?? "nil")")
            }
        }
        for update in stage.elementUpdated {
            try check(cell: update.at, update.id)
            try mutate(update.at.section) { $0[update.at.element] = update.html ?? "" }
        }
        for delete in stage.sectionDeleted { try check(section: delete.at, delete.id) }
        for delete in stage.elementDeleted { try check(cell: delete.at, delete.id) }
        for (section, paths) in Dictionary(grouping: stage.elementDeleted.map(\.at), by: \.section) {
            try mutate(section) { cells in for element in paths.map(\.element).sorted(by: >) { cells.remove(at: element) } }
        }
        for index in stage.sectionDeleted.map(\.at).sorted(by: >) { sections.remove(at: index) }
        for move in stage.sectionMoved { try check(section: move.from, move.id) }
        var placed = stage.sectionMoved.map { ($0.to, sections[$0.from]) } + stage.sectionInserted.map { ($0.at, Part.whole($0.html ?? "")) }
        placed.sort { $0.0 < $1.0 }
        for index in stage.sectionMoved.map(\.from).sorted(by: >) { sections.remove(at: index) }
        for (index, part) in placed { sections.insert(part, at: index) }
        for move in stage.elementMoved { try check(cell: move.from, move.id) }
        var cellsPlaced = try stage.elementMoved.map { ($0.to, try cells($0.from.section)[$0.from.element]) }
        cellsPlaced += stage.elementInserted.map { ($0.at, $0.html ?? "") }
        for path in stage.elementMoved.map(\.from).sorted(by: >) { try mutate(path.section) { $0.remove(at: path.element) } }
        for (path, html) in cellsPlaced.sorted(by: { $0.0 < $1.0 }) { try mutate(path.section) { $0.insert(html, at: path.element) } }
        for update in stage.sectionUpdated {
            try check(section: update.at, update.id)
            sections[update.at] = .split(shell: update.html ?? "", cells: try cells(update.at))
        }
    }
}
