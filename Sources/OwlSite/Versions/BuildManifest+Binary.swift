import Owl

extension ManifestPage {
    func write(to out: inout BinaryWriter) {
        out.string(file)
        out.string(title)
        out.uint64(shell.value)
        out.int(lists.count)
        for list in lists {
            out.string(list.id)
            out.uint64(list.shell.value)
            out.int(list.sections.count)
            for section in list.sections {
                out.string(section.id)
                out.uint64(section.hash.value)
                out.int(section.range[0])
                out.int(section.range[1])
                out.int(section.cells.count)
                for cell in section.cells {
                    out.string(cell.id)
                    out.uint64(cell.hash.value)
                    out.int(cell.start)
                    out.int(cell.end)
                }
            }
        }
        out.int(regions.count)
        for (name, span) in regions.sorted(by: { $0.key < $1.key }) {
            out.string(name)
            out.uint64(span.hash.value)
            out.int(span.start)
            out.int(span.end)
        }
    }

    /// The entry ``write(to:)`` wrote as `binary`.
    init(binary: SharedBytes) throws {
        var input = BinaryReader(binary)
        try self.init(from: &input)
    }

    init(from input: inout BinaryReader) throws {
        file = try input.string()
        title = try input.string()
        shell = ContentHash(value: try input.uint64())
        lists = try (0..<input.count()).map { _ in
            ManifestList(id: try input.string(), shell: ContentHash(value: try input.uint64()), sections: try (0..<input.count()).map { _ in
                ManifestSection(
                    id: try input.string(), hash: ContentHash(value: try input.uint64()), range: [try input.int(), try input.int()],
                    cells: try (0..<input.count()).map { _ in
                        ManifestCell(id: try input.string(), hash: ContentHash(value: try input.uint64()), start: try input.int(), end: try input.int())
                    }
                )
            })
        }
        regions = [:]
        for _ in 0..<(try input.count()) {
            let name = try input.string()
            regions[name] = ManifestSpan(hash: ContentHash(value: try input.uint64()), start: try input.int(), end: try input.int())
        }
    }
}
