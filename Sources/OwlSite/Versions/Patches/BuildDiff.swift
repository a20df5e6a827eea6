import Owl
import OwlDiff

/// The differences between two builds of a site, page by page, and the per-page patches that
/// turn pages of the old build into pages of the new one (docs/patch-format.md).
///
/// Each side is a set of pages with their versions and manifest entries (their lists,
/// sections, cells and regions); the new side brings its pages' bytes too, from which the
/// new HTML is cut by the manifest's byte ranges.
public struct BuildDiff: Encodable, Sendable {
    /// One page of a build, as a diff sees it.
    public struct Page: Sendable {
        /// The page's version (``PageVersion``), nil when the page carries none.
        public var version: UInt64?
        /// The page's manifest entry.
        public var manifest: ManifestPage
        /// The page's bytes (needed on the new side only).
        public var bytes: [UInt8]

        /// A page at `version` with `manifest` and `bytes`.
        public init(version: UInt64?, manifest: ManifestPage, bytes: [UInt8] = []) {
            (self.version, self.manifest, self.bytes) = (version, manifest, bytes)
        }
    }

    /// Pages only in the new build.
    public var added: [String] = []
    /// Pages only in the old build.
    public var removed: [String] = []
    /// Pages in both builds that changed, by path.
    public var changed: [PageChange] = []
    /// Files other than pages that differ, were added or were removed.
    public var otherFiles: [String] = []
    /// The patches of the changed pages that can be patched: from their old version to their new one.
    public var patches: [PatchFile] = []

    /// Whether the builds differ (any output file, not only pages).
    public var differs: Bool { !added.isEmpty || !removed.isEmpty || !changed.isEmpty || !otherFiles.isEmpty }

    private enum CodingKeys: String, CodingKey { case added, removed, changed, otherFiles }

    /// Compares the pages `old` with `new`, by path below the site root.
    public init(from old: [String: Page], to new: [String: Page], otherFiles: [String] = []) throws {
        self.otherFiles = otherFiles
        for path in Set(old.keys).union(new.keys).sorted() {
            switch (old[path], new[path]) {
            case (nil, _):
                // A browser at its address shows the site's not-found page, which must load it.
                added.append(path)
            case (_, nil):
                removed.append(path)
            case let (before?, after?):
                if before.version != nil, before.version == after.version { continue }
                let source = PageSource(file: after.manifest.file, bytes: after.bytes)
                guard let patch = try Self.pagePatch(before.manifest, after.manifest, source) else { continue }
                var change = PageChange(path: path, title: patch.title != nil, regions: (patch.regions ?? [:]).keys.sorted(), lists: [])
                change.lists = (patch.lists ?? []).map { PageChange.ListChange(id: $0.id, changes: ChangeCounts($0.stages)) }
                if patch.reload == true {
                    change.reload = Self.reloadReason(before.manifest, after.manifest)
                } else if let from = before.version, let to = after.version {
                    patches.append(PatchFile(page: path, from: PageVersion.hex(from), to: PageVersion.hex(to), patch: patch))
                }
                changed.append(change)
            }
        }
    }

    /// The patch entry of a page whose manifest entry was `old` and is `new`, with the new
    /// bytes in `source`: ``PagePatch/reload`` when it cannot be patched, nil when nothing
    /// but byte ranges changed.
    static func pagePatch(_ old: ManifestPage, _ new: ManifestPage, _ source: PageSource) throws -> PagePatch? {
        if reloadReason(old, new) != nil { return .reload }
        var page = PagePatch(title: old.title != new.title ? new.title : nil)
        for (name, region) in new.regions.sorted(by: { $0.key < $1.key }) where region.hash != old.regions[name]?.hash {
            page.regions = (page.regions ?? [:]).merging([name: try source.html(of: region)]) { $1 }
        }
        for (before, after) in zip(old.lists, new.lists) where !before.hasSameContent(as: after) {
            let sections = before.diffSections
            let changeset = StagedChangeset(source: sections, target: after.diffSections)
            guard !changeset.isEmpty else { continue }
            let list = try ListPatch(
                id: after.id, source: sections, changeset: changeset,
                sectionHTML: source.html(of:), sectionShell: source.shell(of:), elementHTML: source.html(of:)
            )
            page.lists = (page.lists ?? []) + [list]
        }
        return page == PagePatch() ? nil : page
    }

    /// Why `new` cannot be reached from `old` by a patch, if it cannot.
    static func reloadReason(_ old: ManifestPage, _ new: ManifestPage) -> String? {
        if old.shell != new.shell { return "the page outside its lists and regions changed" }
        if old.lists.map(\.id) != new.lists.map(\.id) { return "lists were added, removed or reordered" }
        if old.lists.map(\.shell) != new.lists.map(\.shell) { return "a list container changed" }
        if Set(old.regions.keys) != Set(new.regions.keys) { return "regions were added or removed" }
        return nil
    }
}
