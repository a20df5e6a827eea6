import Foundation

extension PatchFile {
    /// The patch files a build writes, from each of the `earlier` builds of its history to
    /// `build` with `pages`, by path below the output folder.
    ///
    /// An earlier build with a record (`record`) is compared page by page through the hashes
    /// of its files, so only the pages that changed are read and diffed; one without is read
    /// from its stored manifest in `previousOutput`. A build with neither gets no patch: its
    /// visitors load the page again. The builds are compared on both cores. `pathHashes` are
    /// the ``BuildRecord/pathHash(_:)`` of the pages' paths.
    static func files(
        from earlier: some Sequence<String>, to build: String, pages: [RenderedPage], pathHashes: [UInt64],
        record: @Sendable (String) -> BuildRecord?, previousOutput: URL?, pageBytes: @Sendable (String) throws -> [UInt8]
    ) throws -> [String: OutputFile] {
        let bases = earlier.filter { $0 != build }
        let patches = try bases.concurrentMap { base -> OutputFile? in
            // A record that cannot be read is as good as none: its visitors load the page again.
            guard let (old, new) = try? changedPages(since: base, pages: pages, pathHashes: pathHashes, record: record(base), previousOutput: previousOutput)
            else { return nil }
            let diff = try BuildDiff(from: BuildManifest(build: base, pages: old), to: BuildManifest(build: build, pages: new), pageBytes: pageBytes)
            return OutputFile([UInt8](try diff.patch.json()))
        }
        var files: [String: OutputFile] = [:]
        for (base, patch) in zip(bases, patches) { files[path(base: base)] = patch }
        return files
    }

    /// The manifest entries of the pages that differ between `base` and the new build, on
    /// both sides; nil when `base` cannot be read. `pathHashes` are those of the pages' paths.
    private static func changedPages(
        since base: String, pages: [RenderedPage], pathHashes: [UInt64], record: BuildRecord?, previousOutput: URL?
    ) throws -> (old: [String: ManifestPage], new: [String: ManifestPage])? {
        var old: [String: ManifestPage] = [:], new: [String: ManifestPage] = [:]
        if let record {
            var kept = 0
            for (page, pathHash) in zip(pages, pathHashes) {
                // A page taken unchanged from this very build needs no look-up.
                if page.reused == record.build {
                    kept += 1
                    continue
                }
                if record.hasPage(page.path, pathHash: pathHash, hash: page.output.hash, size: page.output.size) {
                    kept += 1
                    continue
                }
                guard let before = record.page(page.path, pathHash: pathHash) else {
                    new[page.path] = try page.manifest()
                    continue
                }
                kept += 1
                old[page.path] = try ManifestPage(binary: before.binary)
                new[page.path] = try page.manifest()
            }
            if kept < record.pageCount {
                let paths = Set(pages.map(\.path))
                for path in record.pagePaths() where !paths.contains(path) {
                    guard let before = record.page(path) else { throw BinaryReader.Malformed() }  // no patch from this build
                    old[path] = try ManifestPage(binary: before.binary)
                }
            }
            return (old, new)
        }
        guard let previousOutput,
              let data = FileManager.default.contents(atPath: previousOutput.appendingPathComponent(BuildHistory.path(of: base)).path),
              let manifest = try? BuildManifest.decoding(data),
              manifest.isReadable, manifest.build == base else { return nil }
        for page in pages { new[page.path] = try page.manifest() }
        return (manifest.pages, new)
    }
}
