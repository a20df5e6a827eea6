import Foundation

extension PatchFile {
    /// The patch files from each of `history` (manifests of earlier builds) to `new`, by
    /// path below the output folder: what a build writes so that visitors a few builds
    /// behind animate too. `pageBytes` gives a page file of the new build.
    public static func files(
        from history: [BuildManifest], to new: BuildManifest, pageBytes: (String) throws -> [UInt8]
    ) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for old in history where old.build != new.build {
            files[path(base: old.build)] = [UInt8](try BuildDiff(from: old, to: new, pageBytes: pageBytes).patch.json())
        }
        return files
    }
}
