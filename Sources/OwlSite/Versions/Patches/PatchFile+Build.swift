import Foundation

extension PatchFile {
    /// The patch of the page at `path` (whose new manifest entry is `new` and whose new bytes
    /// are `bytes`) from its older version `from`, whose manifest entry was `old`, to `to`;
    /// nil when the page cannot be patched from it (its shell changed, lists came or went: a
    /// browser holding that version loads the page again). A page whose content did not
    /// change but for byte ranges gets a patch that changes nothing.
    static func make(
        page path: String, from: UInt64, old: ManifestPage, to: UInt64, new: ManifestPage, bytes: [UInt8]
    ) throws -> PatchFile? {
        let source = PageSource(file: new.file, bytes: bytes)
        let patch = try BuildDiff.pagePatch(old, new, source) ?? PagePatch()
        guard patch.reload != true else { return nil }
        return PatchFile(page: path, from: PageVersion.hex(from), to: PageVersion.hex(to), patch: patch)
    }
}
