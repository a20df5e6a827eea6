import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The records of recent builds, one file per build in `.owl-cache/builds/`, the segment
/// files that hold their pages' manifest entries and histories, and which build each output
/// folder (the output, the spare, a staging folder) holds: no file in the output says so.
struct BuildRecords: Sendable {
    /// The folder, nil when builds keep no cache.
    let folder: URL?
    /// The records read so far, by build, and the segments of those read or saved: a rebuild
    /// reads the spare's record for its survey and again when it writes into the spare, and
    /// the segments of the record it saved and of the previous one when it prunes.
    private let known = Known()

    private final class Known: Sendable {
        let state = Mutex<(records: [String: BuildRecord], segmentNames: [String: [String]])>(([:], [:]))
    }

    /// The records in `cacheFolder/builds` (none when `cacheFolder` is nil).
    init(cacheFolder: URL?) {
        folder = cacheFolder?.appendingPathComponent("builds")
    }

    /// Whether builds were recorded here, as far as a look without reading anything tells (a
    /// record found may yet be unreadable).
    var exist: Bool {
        guard let folder else { return false }
        return access(folder.appendingPathComponent(Self.foldersFile).path, F_OK) == 0
    }

    /// The record of `build`, nil when there is none or it cannot be read (its checksum or
    /// format version do not check out, or a segment is missing or of another size). The
    /// segments are checked page by page, when a page's entries are used
    /// (``BuildRecord/Page/hasIntactEntries``).
    func load(_ build: String) -> BuildRecord? {
        if let record = known.state.withLock({ $0.records[build] }) { return record }
        guard let folder, BuildRecord.isSegmentName(build),
              let bytes = CacheFile.read(folder.appendingPathComponent("\(build).bin").path),
              let record = try? BuildRecord(decoding: bytes, segment: { CacheFile.mapUnchecked(folder.appendingPathComponent("\($0).blobs").path) }),
              record.build == build else { return nil }
        known.state.withLock {
            $0.records[build] = record
            $0.segmentNames[build] = record.segments.map(\.name)
        }
        return record
    }

    /// The build the output folder `output` holds, as it was when that build finished, and
    /// its record; nil when unknown (no record, or a build was killed while writing it).
    func held(by output: URL?) -> HeldBuild? {
        guard let output, let identity = FolderIdentity(path: output.path),
              let entry = folderEntries()[identity], let record = load(entry.build) else { return nil }
        return HeldBuild(record: record, finished: entry.finished)
    }

    /// A build that an output folder holds: its record, and when it finished writing the
    /// folder (a change time, in nanoseconds): whatever changed in the folder since was changed by hand.
    struct HeldBuild: Sendable {
        let record: BuildRecord
        let finished: Int
    }

    /// Says that `folder`, one of the folders of the output folder `output` (the output
    /// itself, its spare, a staging folder), holds `build`, written completely by `finished`;
    /// or, with `build` nil, that what it holds is unknown (before a build writes into it).
    /// False when the cache could not be written (then nothing is known of the folder).
    @discardableResult
    func remember(_ folder: URL, of output: URL, holding build: String?, finished: Int = 0) -> Bool {
        guard self.folder != nil, let identity = FolderIdentity(path: folder.path) else { return false }
        var entries = folderEntries()
        entries[identity] = build.map { FolderEntry(build: $0, finished: finished, output: output.path) }
        // The output, the spare and a staging folder or two: older entries are of folders gone.
        if entries.count > Self.folderLimit {
            let kept = entries.sorted { $0.value.finished > $1.value.finished }.prefix(Self.folderLimit)
            entries = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
        }
        return saveFolderEntries(entries)
    }

    /// Forgets the folders remembered for the output folder `output` that are none of
    /// `present` (the folders that can hold its builds now): deleted, by hand or by a build
    /// started afresh. Their builds' records and segments then go at the next prune, rather
    /// than being read at every prune and kept on the disk for good. The builds that the
    /// folders still remembered hold.
    func forgetFolders(of output: URL, besides present: [URL]) -> Set<String> {
        let entries = folderEntries()
        let identities = Set(present.compactMap { FolderIdentity(path: $0.path) })
        let kept = entries.filter { $0.value.output != output.path || identities.contains($0.key) }
        if kept.count < entries.count { saveFolderEntries(kept) }
        return Set(kept.values.map(\.build))
    }

    private static let foldersFile = "folders.bin"
    private static let folderLimit = 4
    /// 2: each folder names the output folder it serves.
    private static let foldersFormat = 2

    private struct FolderEntry {
        var build: String
        var finished: Int
        /// The path of the output folder the folder serves (as itself, its spare or a staging folder).
        var output: String
    }

    /// Writes `entries` as the folders' file; false, with the file deleted, when it cannot be
    /// written: unknown rather than wrong, without the file no folder's build is trusted.
    @discardableResult
    private func saveFolderEntries(_ entries: [FolderIdentity: FolderEntry]) -> Bool {
        guard let records = folder else { return false }
        CacheFile.makeFolder(records)
        var out = BinaryWriter()
        out.int(Self.foldersFormat)
        out.int(entries.count)
        for (identity, entry) in entries.sorted(by: { $0.key.inode < $1.key.inode }) {
            out.uint64(identity.device)
            out.uint64(identity.inode)
            out.string(entry.build)
            out.int(entry.finished)
            out.string(entry.output)
        }
        if CacheFile.write(out.bytes, to: records.appendingPathComponent(Self.foldersFile)) { return true }
        unlink(records.appendingPathComponent(Self.foldersFile).path)
        return false
    }

    private func folderEntries() -> [FolderIdentity: FolderEntry] {
        guard let folder, let bytes = CacheFile.read(folder.appendingPathComponent(Self.foldersFile).path) else { return [:] }
        var input = BinaryReader(bytes)
        var entries: [FolderIdentity: FolderEntry] = [:]
        do {
            guard try input.int() == Self.foldersFormat else { return [:] }
            for _ in 0..<(try input.count()) {
                let identity = FolderIdentity(device: try input.uint64(), inode: try input.uint64())
                entries[identity] = FolderEntry(build: try input.string(), finished: try input.int(), output: try input.string())
            }
        } catch {
            return [:]
        }
        return entries
    }

    /// Saves the record of `build`, after the new segment it needs, under a name no other
    /// segment had: made by updating the record `update` names with the changes it gives,
    /// when it can be (``BuildRecord/encode(build:updating:with:newSegment:)``), else made
    /// whole of the files and pages `whole` gives (``BuildRecord/encode(build:files:pages:newSegment:)``).
    func save(build: String, updating update: (previous: BuildRecord, changes: BuildRecord.Changes)?,
              whole: () -> (files: [String: BuildRecord.File], pages: [(path: String, page: BuildRecord.Page)])) {
        guard let folder else { return }
        CacheFile.makeFolder(folder)
        let newSegment = "\(build)-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let encoded = update.flatMap { BuildRecord.encode(build: build, updating: $0.previous, with: $0.changes, newSegment: newSegment) }
            ?? { let (files, pages) = whole(); return BuildRecord.encode(build: build, files: files, pages: pages, newSegment: newSegment) }()
        if !encoded.segment.isEmpty, !CacheFile.write(encoded.segment, to: folder.appendingPathComponent("\(newSegment).blobs")) { return }
        let saved = CacheFile.write([encoded.head, encoded.carried, encoded.entries], to: folder.appendingPathComponent("\(build).bin"))
        // A build saved again (the same output) may refer to other segments than when it was read.
        known.state.withLock {
            $0.records[build] = nil
            $0.segmentNames[build] = saved ? encoded.segmentNames : nil
        }
    }

    /// Deletes the records of builds other than `kept`, and the segments no kept record uses.
    func prune(keeping kept: Set<String>) {
        guard let folder else { return }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var used = Set<String>()
        for name in names where name.hasSuffix(".bin") {
            let build = String(name.dropLast(4))
            guard kept.contains(build) else { continue }
            if let names = known.state.withLock({ $0.segmentNames[build] }) {
                used.formUnion(names)
            } else if let bytes = CacheFile.read(folder.appendingPathComponent(name).path) {
                used.formUnion(BuildRecord.segmentNames(in: bytes))
            }
        }
        for name in names where name != Self.foldersFile {
            let (stem, suffix) = ((name as NSString).deletingPathExtension, (name as NSString).pathExtension)
            if suffix == "bin" ? !kept.contains(stem) : suffix == "blobs" ? !used.contains(stem) : true {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
    }
}

/// A folder's device and inode number, which stay when the folder is renamed (swapped in as
/// the output, set aside as the spare). Should a folder be deleted and its inode be reused,
/// the new folder's entries and files are newer than the build that was remembered for it,
/// and are checked as changes by hand are.
struct FolderIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64

    init(device: UInt64, inode: UInt64) {
        (self.device, self.inode) = (device, inode)
    }

    /// The identity of the folder at `path`, nil when there is no folder there.
    init?(path: String) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
