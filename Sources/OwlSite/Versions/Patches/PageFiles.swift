import Foundation

/// The files the build writes for one page: the page itself and its patches from its older
/// versions (docs/patch-format.md), and what the build record keeps of it, which its state
/// file (``StateFile``, shared with other pages) is made from. The manifest-and-patches stage
/// of a build makes one for every page.
struct PageFiles: Sendable {
    /// By path below the output folder.
    private(set) var files: [(path: String, file: OutputFile)]
    /// The page's entry in the build's record.
    let record: BuildRecord.Page
    /// What the files add to the build's id (``BuildID/share(path:fileHash:)``): made with a
    /// rendered page's files, on the core that renders it, and kept in the record
    /// (``BuildRecord/Page/buildShare``) for a build that takes the page unchanged.
    var buildShare: UInt64 { record.buildShare }

    /// The share of the build id of `files`.
    private static func buildShare(of files: [(path: String, file: OutputFile)]) -> UInt64 {
        var id = BuildID()
        for (path, file) in files { id.add(path, file) }
        return id.sum
    }

    /// Writes the files now, into the folder that `prepared` stages (``AtomicOutput/PreparedFolders/writeNow(_:)``):
    /// they are then the files as that folder holds them, with the same paths and hashes.
    mutating func writeNow(into prepared: AtomicOutput.PreparedFolders) throws {
        files = try prepared.writeNow(files)
    }

    /// The page's paths below the output folder: its file and patches; `key` is its path's
    /// (``PageVersion/key(ofPath:)``).
    static func paths(of page: BuildRecord.Page, key: UInt64) -> [String] {
        // Made in one array: most pages have no patch, and joining two arrays made three.
        var paths = [page.file]
        guard !page.from.isEmpty else { return paths }
        paths.reserveCapacity(1 + page.from.count)
        for version in page.from { paths.append(PageVersion.patchFile(key: key, from: version, to: page.version)) }
        return paths
    }

    /// The files of a page taken unchanged from the previous build: `kept`, its paths
    /// (``paths(of:key:)``) each with the file kept there.
    init(reused page: BuildRecord.Page, kept: [(path: String, file: OutputFile)]) {
        files = kept
        record = page
    }

    /// The files of `page`, rendered in this build from inputs that hash to `key`: its
    /// history is `previous`'s (the previous build's entry of the page, when there is one)
    /// if the page's version stayed the same, or else the version left and `previous`'s
    /// history, at most `limit` versions. A patch is made from each older version that the
    /// page can be patched from.
    init(rendered page: RenderedPage, key: UInt64, previous: BuildRecord.Page?, keeping limit: Int) throws {
        var history = PageHistory()
        // Versions whose entries were damaged in the cache are not known: no patch from them.
        if let previous, previous.hasIntactEntries, let earlier = try? PageHistory(decoding: previous.history) {
            history = previous.version == page.version
                ? earlier : earlier.after(leaving: previous.version, manifest: previous.binary, for: page.version, keeping: limit)
        }
        history.entries = Array(history.entries.prefix(limit))
        guard case let .bytes(bytes) = page.output.content else { preconditionFailure("a rendered page has its bytes") }
        let manifest = try page.manifest()
        files = [(page.file, page.output)]
        for index in history.entries.indices {
            let entry = history.entries[index]
            // An entry that does not decode gives no patch: a browser holding that version loads the page.
            guard let old = try? ManifestPage(binary: entry.manifest),
                  let patch = try PatchFile.make(page: page.path, from: entry.version, old: old, to: page.version, new: manifest, bytes: bytes)
            else {
                history.entries[index].patched = false
                continue
            }
            history.entries[index].patched = true
            files.append((PageVersion.patchFile(key: page.key, from: entry.version, to: page.version), OutputFile([UInt8](try patch.json()))))
        }
        record = BuildRecord.Page(
            key: key, file: page.file, version: page.version, carriesVersion: page.carriesVersion, from: history.from,
            output: page.output.record, history: SharedBytes(history.encoded()), binary: page.binary,
            buildShare: Self.buildShare(of: files)
        )
    }
}
