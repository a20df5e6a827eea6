import Foundation

/// The records of recent builds, one file per build in `.owl-cache/builds/`, and the segment
/// files that hold their pages' manifest entries.
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
              let record = try? BuildRecord(decoding: bytes, segment: { SharedBytes(mappingFile: folder.appendingPathComponent("\($0).blobs").path) }),
              record.build == build else { return nil }
        return record
    }

    /// The record of the build whose output is in `output`, if there is one.
    func load(output: URL?) -> BuildRecord? {
        guard let output, let build = BuildManifest.build(inOutput: output) else { return nil }
        return load(build)
    }

    /// Saves the record of `build` with `files` and `pages` (``BuildRecord/encode(build:files:pages:newSegment:)``),
    /// after the new segment it needs, under a name no other segment had.
    func save(build: String, files: [String: BuildRecord.File], pages: [String: BuildRecord.Page]) {
        guard let folder else { return }
        CacheFile.makeFolder(folder)
        let newSegment = "\(build)-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let encoded = BuildRecord.encode(build: build, files: files, pages: pages, newSegment: newSegment)
        if !encoded.segment.isEmpty, !CacheFile.write(encoded.segment, to: folder.appendingPathComponent("\(newSegment).blobs")) { return }
        CacheFile.write(encoded.record, to: folder.appendingPathComponent("\(build).bin"))
    }

    /// Deletes the records of builds other than `kept`, and the segments no kept record uses.
    func prune(keeping kept: Set<String>) {
        guard let folder else { return }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var used = Set<String>()
        for name in names where name.hasSuffix(".bin") {
            let build = String(name.dropLast(4))
            if kept.contains(build), let bytes = SharedBytes(mappingFile: folder.appendingPathComponent(name).path) {
                used.formUnion(BuildRecord.segmentNames(in: bytes))
            }
        }
        for name in names {
            let (stem, suffix) = ((name as NSString).deletingPathExtension, (name as NSString).pathExtension)
            if suffix == "bin" ? !kept.contains(stem) : suffix == "blobs" ? !used.contains(stem) : true {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
    }
}
