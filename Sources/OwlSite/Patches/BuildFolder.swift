import Foundation

/// A build's output folder: its manifest `_owl/build.json` and its page files.
public struct BuildFolder: Sendable {
    /// The folder.
    public let url: URL
    /// Its manifest.
    public let manifest: BuildManifest
    /// When the manifest read was written (its change time): a build into the folder since
    /// then leaves a manifest written later.
    private let manifestWritten: Int?

    /// Reads the manifest of the build in `url`.
    public init(_ url: URL) throws(BuildDiffError) {
        let path = url.appendingPathComponent(BuildManifest.file).path
        manifestWritten = FileWriter.changeTime(ofFile: path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .manifest(path: path, reason: "no build manifest (is this a build folder?)")
        }
        do {
            manifest = try BuildManifest.decoding(data)
        } catch {
            throw .manifest(path: path, reason: "unreadable build manifest: \((error as? DecodingError)?.summary ?? "\(error)")")
        }
        guard manifest.isReadable else {
            if manifest.format == "owl-build", manifest.version < BuildManifest.currentVersion {
                throw .manifest(
                    path: path,
                    reason: "a build manifest of version \(manifest.version), from an earlier owl-site (this one reads version \(BuildManifest.currentVersion)): build the folder again"
                )
            }
            throw .manifest(path: path, reason: "unknown manifest format \(manifest.format) version \(manifest.version)")
        }
        self.url = url
    }

    /// The bytes of `file`, a path below the folder that the manifest names.
    public func bytes(of file: String) throws(BuildDiffError) -> [UInt8] {
        let path = url.appendingPathComponent(file).path
        guard !file.split(separator: "/").contains(".."), !file.hasPrefix("/") else {
            throw .pageFile(path: path, reason: "page file outside the build folder")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .pageFile(path: path, reason: "page file missing or unreadable")
        }
        return [UInt8](data)
    }

    /// Writes `patch` to `_owl/patches/BASE.json` in the folder; returns the file. Builds
    /// into the folder take turns with the write (through their lock), and when one has
    /// put another build there since the manifest was read, nothing is written: the patch
    /// would lead to a build the folder no longer holds.
    @discardableResult
    public func write(_ patch: PatchFile) throws(BuildDiffError) -> URL {
        let file = url.appendingPathComponent(PatchFile.path(base: patch.base))
        let lock: OutputLock
        do {
            lock = try OutputLock(output: url) {}
        } catch {
            throw .patchFile(path: file.path, reason: SiteError.reason(of: error))
        }
        defer { lock.release() }
        guard FileWriter.changeTime(ofFile: url.appendingPathComponent(BuildManifest.file).path) == manifestWritten else {
            throw .patchFile(path: file.path, reason: "the folder holds another build than the one compared (built again since): compare again")
        }
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try patch.json().write(to: file, options: .atomic)
        } catch {
            throw .patchFile(path: file.path, reason: SiteError.reason(of: error))
        }
        return file
    }
}

extension BuildDiff {
    /// Compares the build in `old` with the build in `new`.
    public init(from old: BuildFolder, to new: BuildFolder) throws {
        try self.init(from: old.manifest, to: new.manifest, pageBytes: new.bytes(of:))
    }
}
