import Foundation
import Owl
import OwlDiff

/// The patch procedure of docs/formats.md §4 "Applying a stage", on strings: what owl.js
/// does to the DOM, so tests can check a patch turns the old HTML into the new.
struct PatchedList {
    enum Failure: Error {
        case mismatch(String)
    }

    /// A section: its shell and cells, or (when inserted whole) its outer HTML.
    enum Part {
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

    let shell: String
    var sections: [Part]

    init(_ list: RenderedList) {
        shell = list.shell
        sections = list.sections.map { section in .split(shell: list.shell(of: section), cells: section.cells.map { list.html(of: $0) }) }
    }

    var html: String {
        let close = shell.range(of: "</div>", options: .backwards)!.lowerBound
        return String(shell[..<close]) + sections.map(\.html).joined() + String(shell[close...])
    }

    mutating func apply(_ patch: ListPatch) throws {
        for stage in patch.stages {
            try apply(stage)
        }
    }

    private mutating func apply(_ stage: ListPatch.Stage) throws {
        for update in stage.elementUpdated {
            try check(cellAt: update.at, is: update.id)
            try mutateCells(update.at.section) { $0[update.at.element] = update.html ?? "" }
        }
        for delete in stage.sectionDeleted { try check(sectionAt: delete.at, is: delete.id) }
        for delete in stage.elementDeleted { try check(cellAt: delete.at, is: delete.id) }
        for (section, paths) in Dictionary(grouping: stage.elementDeleted.map(\.at), by: \.section) {
            try mutateCells(section) { cells in
                for element in paths.map(\.element).sorted(by: >) { cells.remove(at: element) }
            }
        }
        for index in stage.sectionDeleted.map(\.at).sorted(by: >) { sections.remove(at: index) }

        for move in stage.sectionMoved { try check(sectionAt: move.from, is: move.id) }
        var placed = stage.sectionMoved.map { ($0.to, sections[$0.from]) }
        placed += stage.sectionInserted.map { ($0.at, Part.whole($0.html ?? "")) }
        for index in stage.sectionMoved.map(\.from).sorted(by: >) { sections.remove(at: index) }
        for (index, part) in placed.sorted(by: { $0.0 < $1.0 }) { sections.insert(part, at: index) }

        for move in stage.elementMoved { try check(cellAt: move.from, is: move.id) }
        var cellsPlaced = try stage.elementMoved.map { ($0.to, try cells($0.from.section)[$0.from.element]) }
        cellsPlaced += stage.elementInserted.map { ($0.at, $0.html ?? "") }
        for path in stage.elementMoved.map(\.from).sorted(by: >) {
            try mutateCells(path.section) { $0.remove(at: path.element) }
        }
        for (path, html) in cellsPlaced.sorted(by: { $0.0 < $1.0 }) {
            try mutateCells(path.section) { $0.insert(html, at: path.element) }
        }

        for update in stage.sectionUpdated {
            try check(sectionAt: update.at, is: update.id)
            sections[update.at] = .split(shell: update.html ?? "", cells: try cells(update.at))
        }
    }

    private func cells(_ section: Int) throws -> [String] {
        guard sections.indices.contains(section), case .split(_, let cells) = sections[section] else {
            throw Failure.mismatch("no cells to address in section \(section)")
        }
        return cells
    }

    private mutating func mutateCells(_ section: Int, _ change: (inout [String]) -> Void) throws {
        guard sections.indices.contains(section), case .split(let shell, var cells) = sections[section] else {
            throw Failure.mismatch("no cells to address in section \(section)")
        }
        change(&cells)
        sections[section] = .split(shell: shell, cells: cells)
    }

    private func check(cellAt path: ElementPath, is id: String?) throws {
        let cells = try cells(path.section)
        guard cells.indices.contains(path.element), let id, cells[path.element].contains("data-owl-cell=\"\(HTML.escape(id))\"") else {
            throw Failure.mismatch("cell \(path) is not \(id ?? "nil")")
        }
    }

    private func check(sectionAt index: Int, is id: String?) throws {
        guard sections.indices.contains(index), let id, sections[index].html.contains("data-owl-section=\"\(HTML.escape(id))\"") else {
            throw Failure.mismatch("section \(index) is not \(id ?? "nil")")
        }
    }
}
