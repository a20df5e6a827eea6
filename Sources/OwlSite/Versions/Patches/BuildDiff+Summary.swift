extension BuildDiff {
    /// A readable account: pages added, removed and changed; per changed page what its
    /// lists, regions and title did, or why it reloads.
    public var summary: String {
        var lines: [String] = []
        lines += added.map { "added    \($0)" }
        lines += removed.map { "removed  \($0)" }
        for page in changed {
            if let reason = page.reload {
                lines.append("changed  \(page.path) (reload: \(reason))")
                continue
            }
            lines.append("changed  \(page.path)")
            if page.title { lines.append("         title") }
            if !page.regions.isEmpty { lines.append("         regions: " + page.regions.joined(separator: ", ")) }
            for list in page.lists {
                lines.append("         list \(list.id): " + list.changes.phrases.joined(separator: "; "))
            }
        }
        lines += otherFiles.map { "file     \($0)" }
        if !differs {
            lines.append("no differences")
        } else if changed.isEmpty && added.isEmpty && removed.isEmpty {
            lines.append("no page changed; other files did")
        } else {
            lines.append("\(changed.count) changed, \(added.count) added, \(removed.count) removed")
        }
        return lines.joined(separator: "\n")
    }
}

private extension ChangeCounts {
    /// "cells: 1 inserted, 2 moved", "sections: 1 updated", leaving out zeros.
    var phrases: [String] {
        func phrase(_ noun: String, _ counts: [(Int, String)]) -> [String] {
            let parts = counts.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
            return parts.isEmpty ? [] : ["\(noun): " + parts.joined(separator: ", ")]
        }
        return phrase("cells", [(cellsInserted, "inserted"), (cellsDeleted, "deleted"), (cellsMoved, "moved"), (cellsUpdated, "updated")])
            + phrase("sections", [(sectionsInserted, "inserted"), (sectionsDeleted, "deleted"), (sectionsMoved, "moved"), (sectionsUpdated, "updated")])
    }
}
