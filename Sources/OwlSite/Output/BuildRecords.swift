import Foundation

/// The records of recent builds, one file per build in `.owl-cache/builds/`.
struct BuildRecords: Sendable {
    /// The folder, nil when builds keep no cache.
    let folder: URL?

    /// The records in `cacheFolder/builds` (none when `cacheFolder` is nil).
    init(cacheFolder: URL?) {
        folder = cacheFolder?.appendingPathComponent("builds")
    }

    /// The record of `build`, nil when there is none or it cannot be read.
    func load(_ build: String) -> BuildRecord? {
        guard let folder, BuildManifest.isBuildID(build),
              let bytes = SharedBytes(mappingFile: folder.appendingPathComponent("\(build).bin").path),
              let record = try? BuildRecord(decoding: bytes), record.build == build else { return nil }
        return record
    }

    /// The record of the build whose output is in `output`, if there is one.
    func load(output: URL?) -> BuildRecord? {
        guard let output, let build = BuildManifest.build(inOutput: output) else { return nil }
        return load(build)
    }

    /// Saves the record of `build` (``BuildRecord/encode(build:files:pages:)``).
    func save(_ record: [UInt8], of build: String) {
        guard let folder else { return }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        CacheFile.write(record, to: folder.appendingPathComponent("\(build).bin"))
    }

    /// Deletes the records of builds other than `kept`.
    func prune(keeping kept: Set<String>) {
        guard let folder else { return }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            if !kept.contains((name as NSString).deletingPathExtension) {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
    }
}
