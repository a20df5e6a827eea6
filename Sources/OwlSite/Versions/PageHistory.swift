/// The older versions of one page that the build record keeps, most recent first, each with
/// its manifest entry: what the patches from those versions to the current one are made
/// from. At most `history` of them (owl.yml); older ones are forgotten.
struct PageHistory: Sendable, Equatable {
    /// One older version.
    struct Entry: Sendable, Equatable {
        var version: UInt64
        /// Whether the output has a patch from this version to the current one.
        var patched: Bool
        /// The page's manifest entry at this version, in the record's binary form.
        var manifest: SharedBytes

        static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.version == rhs.version && lhs.patched == rhs.patched && lhs.manifest.elementsEqual(rhs.manifest)
        }
    }

    var entries: [Entry] = []

    /// No older versions.
    init() {}

    /// The history in `bytes`, as ``encoded()`` wrote it.
    init(decoding bytes: SharedBytes) throws {
        var input = BinaryReader(bytes)
        entries = try (0..<input.count()).map { _ in
            Entry(version: try input.uint64(), patched: try input.bool(), manifest: try input.blob())
        }
    }

    /// The history in the record's binary form.
    func encoded() -> [UInt8] {
        var out = BinaryWriter()
        out.int(entries.count)
        for entry in entries {
            out.uint64(entry.version)
            out.bool(entry.patched)
            out.blob(entry.manifest)
        }
        return out.bytes
    }

    /// The versions with a patch to the current one, most recent first: the state file's `from`.
    var from: [UInt64] { entries.filter(\.patched).map(\.version) }

    /// The history of a page that changed from `version` (with `manifest`) to `current`: the
    /// version left comes first, `current` itself is left out, and at most `limit` are kept.
    /// Whether each has a patch is decided again by the caller.
    func after(leaving version: UInt64, manifest: SharedBytes, for current: UInt64, keeping limit: Int) -> PageHistory {
        var next = PageHistory()
        var seen: Set<UInt64> = [current]
        for entry in [Entry(version: version, patched: false, manifest: manifest)] + entries where !seen.contains(entry.version) {
            guard next.entries.count < limit else { break }
            seen.insert(entry.version)
            next.entries.append(entry)
        }
        return next
    }
}
