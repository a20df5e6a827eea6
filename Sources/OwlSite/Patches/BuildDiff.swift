import Owl
import OwlDiff

/// The differences between two builds of a site, page by page, and the patch that turns
/// pages of the old build into pages of the new one (docs/formats.md §4).
///
/// It needs the old build's manifest, the new build's manifest and the new build's page
/// files: the new HTML is cut out of them by the manifest's byte ranges.
public struct BuildDiff: Encodable, Sendable {
    /// The old build's id.
    public var base: String
    /// The new build's id.
    public var target: String
    /// Pages only in the new build.
    public var added: [String] = []
    /// Pages only in the old build.
    public var removed: [String] = []
    /// Pages in both builds that changed, by path.
    public var changed: [PageChange] = []
    /// The patch from `base` to `target`.
    public var patch: PatchFile

    /// Whether the builds differ (any output file, not only pages).
    public var differs: Bool { base != target || !added.isEmpty || !removed.isEmpty || !changed.isEmpty }

    private enum CodingKeys: String, CodingKey { case base, target, added, removed, changed }

    /// Compares `old` with `new`; `pageBytes` gives a page file of the new build by its
    /// path below the output folder.
    public init(from old: BuildManifest, to new: BuildManifest, pageBytes: (String) throws -> [UInt8]) throws {
        base = old.build
        target = new.build
        patch = PatchFile(base: old.build, target: new.build, pages: [:])
        for path in Set(old.pages.keys).union(new.pages.keys).sorted() {
            switch (old.pages[path], new.pages[path]) {
            case (nil, _):
                // A browser at its address shows the site's not-found page, which must load it.
                added.append(path)
                patch.pages[path] = .reload
            case (_, nil):
                removed.append(path)
                patch.pages[path] = .reload
            case let (before?, after?):
                if before.hasSameContent(as: after) { continue }  // only the build id changed
                let source = PageSource(file: after.file, bytes: try pageBytes(after.file))
                if let (change, page) = try Self.compare(path: path, before, after, source) {
                    changed.append(change)
                    patch.pages[path] = page
                }
            }
        }
    }

    /// The change and the patch entry of a page in both builds whose content changed; nil
    /// when nothing but byte ranges did.
    private static func compare(
        path: String, _ old: ManifestPage, _ new: ManifestPage, _ source: PageSource
    ) throws -> (PageChange, PagePatch)? {
        var change = PageChange(path: path, title: old.title != new.title, regions: [], lists: [])
        if let reason = reloadReason(old, new) {
            change.reload = reason
            return (change, .reload)
        }
        var page = PagePatch(title: change.title ? new.title : nil)
        for (name, region) in new.regions.sorted(by: { $0.key < $1.key }) where region.hash != old.regions[name]?.hash {
            change.regions.append(name)
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
            change.lists.append(PageChange.ListChange(id: list.id, changes: ChangeCounts(list.stages)))
            page.lists = (page.lists ?? []) + [list]
        }
        return page == PagePatch() ? nil : (change, page)
    }

    /// Why `new` cannot be reached from `old` by a patch, if it cannot.
    private static func reloadReason(_ old: ManifestPage, _ new: ManifestPage) -> String? {
        if old.shell != new.shell { return "the page outside its lists and regions changed" }
        if old.lists.map(\.id) != new.lists.map(\.id) { return "lists were added, removed or reordered" }
        if old.lists.map(\.shell) != new.lists.map(\.shell) { return "a list container changed" }
        if Set(old.regions.keys) != Set(new.regions.keys) { return "regions were added or removed" }
        return nil
    }
}
