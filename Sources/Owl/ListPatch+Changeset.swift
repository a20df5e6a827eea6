import OwlDiff

extension ListPatch {
    /// The patch of the list `id` for `changeset`, the staged changeset from `source` to
    /// the list now (the last stage's data), as OwlSite builds it from two manifests and
    /// ``Director/reload(afterUpdate:)`` from two renders.
    ///
    /// Identifiers come from the stages' data. New HTML comes from the closures, which
    /// address the list now: `sectionHTML` gives the outer HTML of the section at a target
    /// index, `sectionShellHTML` the same with its cells container emptied, `cellHTML` the
    /// outer HTML of the cell at a target path. Throws ``ReplayError`` when a position of
    /// the changeset is not in its data.
    public init(
        id: String,
        source: ListFingerprint,
        changeset: StagedChangeset<ListFingerprint>,
        sectionHTML: (Int) throws -> String,
        sectionShellHTML: (Int) throws -> String,
        cellHTML: (ElementPath) throws -> String
    ) throws {
        let target = changeset.last?.data ?? source
        var targetPaths: [Fingerprint: ElementPath] = [:]
        for (sectionIndex, section) in target.enumerated().reversed() {
            for (index, cell) in section.elements.enumerated().reversed() {
                targetPaths[cell] = ElementPath(element: index, section: sectionIndex)
            }
        }
        var previous = source
        var stages: [Stage] = []
        for changeset in changeset {
            let current = changeset.data
            var stage = Stage()
            stage.elementUpdated = try changeset.elementUpdated.map { path in
                let updated = try current.cell(at: path)
                guard let targetPath = targetPaths[updated] else { throw ReplayError.invalidElement(path) }
                return Change(at: path, id: try previous.cell(at: path).id, html: try cellHTML(targetPath))
            }
            stage.sectionDeleted = try changeset.sectionDeleted.map { Change(at: $0, id: try previous.section(at: $0).id) }
            stage.elementDeleted = try changeset.elementDeleted.map { Change(at: $0, id: try previous.cell(at: $0).id) }
            stage.sectionInserted = try changeset.sectionInserted.map { index in
                _ = try target.section(at: index)
                return Change(at: index, html: try sectionHTML(index))
            }
            stage.sectionMoved = try changeset.sectionMoved.map { Move(from: $0.source, to: $0.target, id: try previous.section(at: $0.source).id) }
            stage.elementInserted = try changeset.elementInserted.map { path in
                _ = try target.cell(at: path)
                return Change(at: path, html: try cellHTML(path))
            }
            stage.elementMoved = try changeset.elementMoved.map { Move(from: $0.source, to: $0.target, id: try previous.cell(at: $0.source).id) }
            stage.sectionUpdated = try changeset.sectionUpdated.map { index in
                _ = try target.section(at: index)
                return Change(at: index, id: try current.section(at: index).id, html: try sectionShellHTML(index))
            }
            stages.append(stage)
            previous = current
        }
        self.init(id: id, stages: stages)
    }
}

extension ListFingerprint {
    fileprivate func section(at index: Int) throws(ReplayError) -> Fingerprint {
        guard indices.contains(index) else { throw .invalidSection(index) }
        return self[index].model
    }

    fileprivate func cell(at path: ElementPath) throws(ReplayError) -> Fingerprint {
        guard indices.contains(path.section), self[path.section].elements.indices.contains(path.element) else {
            throw .invalidElement(path)
        }
        return self[path.section].elements[path.element]
    }
}
