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

    /// The same from stored manifests (the bytes of `_owl/history/BUILD.json` files). One
    /// that cannot be read, or of another format version, gets no patch: its visitors
    /// load the page again.
    public static func files(
        fromStored history: [[UInt8]], to new: BuildManifest, pageBytes: (String) throws -> [UInt8]
    ) throws -> [String: [UInt8]] {
        let manifests = history.compactMap { try? JSONDecoder().decode(BuildManifest.self, from: Data($0)) }
        return try files(from: manifests.filter { $0.format == "owl-build" && $0.version == 1 }, to: new, pageBytes: pageBytes)
    }
}
