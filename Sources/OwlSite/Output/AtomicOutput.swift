import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a build into a temporary folder beside the output and swaps it in, so that a
/// failed or killed build leaves the previous output complete.
struct AtomicOutput {
    let output: URL

    private var parent: URL { output.deletingLastPathComponent() }
    private var stagingPrefix: String { ".\(output.lastPathComponent).owl-" }

    /// The previous output, or the copy a build killed during the swap left behind.
    var previous: URL? {
        let manager = FileManager.default
        if manager.fileExists(atPath: output.path) { return output }
        return leftovers(kind: "old").first
    }

    /// The spare folder: the output a build before the previous one swapped out, which the
    /// next build writes into.
    var spare: URL? { leftovers(kind: "spare").first }

    /// Folders of a first build's output, made on a thread of their own while its pages
    /// render (``prepareFolders(holding:)``): making 10,000 post folders in one parent takes the
    /// system longer than writing their files, one folder at a time.
    struct PreparedFolders: Sendable {
        fileprivate let staging: URL
        /// The folders made, or none when making one failed (the write makes them, or says why).
        fileprivate let made: HandOver<Set<String>>

        /// Waits for the thread; the folders it made.
        fileprivate func wait() -> Set<String> {
            (try? made.take()) ?? []
        }
    }

    /// When there is no output yet, nor any folder an earlier build left beside it, makes
    /// this build's staging folder now and starts making the folders that hold `files`
    /// (paths below the output) in it; nil otherwise. Give the result to
    /// ``write(_:buildID:record:prepared:spare:)``, or to ``discard(_:)`` should the build not get there.
    func prepareFolders(holding files: () -> [String]) -> PreparedFolders? {
        guard !FileManager.default.fileExists(atPath: output.path),
              spare == nil, leftovers(kind: "new").isEmpty, leftovers(kind: "old").isEmpty,
              (try? makeFolder(parent)) != nil else { return nil }
        let staging = parent.appendingPathComponent("\(stagingPrefix)new-\(getpid())")
        guard mkdir(staging.path, 0o777) == 0 else { return nil }  // as `createDirectory` makes it, the umask applied
        let folders = FileTree.folders(holding: files()), made = HandOver<Set<String>>()
        Thread { [self] in made.put((try? makeFolders(folders, in: staging)) == nil ? [] : folders) }.start()
        return PreparedFolders(staging: staging, made: made)
    }

    /// Gives up `prepared`, for a build that ends without writing: its folder is kept as
    /// the spare, which a later build empties and fills.
    func discard(_ prepared: PreparedFolders) {
        _ = prepared.wait()
        keepAsSpare(prepared.staging)
    }

    /// Keeps `folder` as the spare, which a later build empties and fills; deletes it if it
    /// cannot be kept.
    private func keepAsSpare(_ folder: URL) {
        if rename(folder.path, parent.appendingPathComponent("\(stagingPrefix)spare").path) != 0 {
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// Writes `files` (path below the output → file) with `buildID` filled in, and puts them
    /// in place of the output. Folders `prepared` for it are used as they are, and so are the
    /// files of the `spare` folder, opened while the build rendered.
    ///
    /// The output replaced by the previous build is kept aside as a spare and becomes this
    /// build's staging folder, which spares the file system from allocating (and later
    /// freeing) an inode per page on every build. When `record` knows the build the spare
    /// holds, only what differs is written: a file whose bytes are the same but for the build
    /// id gets the new id written over the old one, and nothing else, unless it was changed
    /// after that build finished (by hand, while it was the output), as seen when the file
    /// is opened (a file of `spare` is opened while the build renders); and what was put
    /// into or taken out of its folders since is deleted or made again (``FolderChanges``).
    /// Otherwise every file is written and anything else deleted.
    ///
    /// Nothing is flushed to disk: an interrupted build (even `kill -9`) leaves the previous
    /// output in place, and what a build wrote reaches the disk as the system writes it back.
    func write(
        _ files: [String: OutputFile], buildID: String, record: (String) -> BuildRecord?, prepared: PreparedFolders? = nil, spare: SpareFiles? = nil
    ) throws {
        let made = prepared?.wait() ?? []
        let staging: URL
        // Whether the staging folder was made by this build, and so holds no file yet.
        let isNew: Bool
        if let prepared {
            staging = prepared.staging
            isNew = true
        } else {
            try makeFolder(parent)
            restoreInterruptedSwap()
            staging = parent.appendingPathComponent("\(stagingPrefix)new-\(getpid())")
            isNew = try prepare(staging)
        }
        do {
            // The manifest is written last: when it changed, the build that wrote the folder
            // had finished. Without it the folder counts as unknown, should this build not finish.
            let manifestPath = staging.appendingPathComponent(Self.manifestFile).path
            let held = BuildManifest.build(inOutput: staging).flatMap(record)
            let finished = FileWriter.changeTime(ofFile: manifestPath)
            let folder = open(staging.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard folder >= 0 else { throw SiteError(file: output.path, "cannot open \(staging.path): \(String(cString: strerror(errno)))") }
            defer { close(folder) }
            // Looked at before the manifest goes, which changes its folder: by the spare's
            // thread while the pages rendered, as a rule.
            var changes: FolderChanges?
            if let held, let finished {
                changes = spare?.folderChanges(in: staging, holding: held.build, finishedAt: finished)
                    ?? FolderChanges(holding: held.filePaths(), in: folder, finishedAt: finished)
            }
            unlink(manifestPath)
            let writer = FileWriter(root: folder, buildID: buildID, previousOutput: previous)
            var rest = files
            let manifest = rest.removeValue(forKey: Self.manifestFile)
            if let held, let finished {
                if let changes, !changes.changed.isEmpty {
                    let kept = FileTree.folders(holding: rest.keys)
                    for changed in changes.changed {
                        try removeUnknownEntries(of: changed, in: staging, keeping: rest, folders: kept, known: changes.known)
                    }
                    // Folders deleted by hand are made again (where a file of the record is in
                    // the way, the update deletes it and makes the folder, or says why not).
                    try? makeFolders(kept, in: staging)
                }
                try update(staging, holding: held, finishedAt: finished, to: rest, writer: writer, spare: spare)
            } else {
                // A new folder holds nothing but folders this build needs.
                if !isNew { try prune(staging, keeping: files) }
                try makeFolders(FileTree.folders(holding: rest.keys).subtracting(made), in: staging)
                _ = try Array(rest).concurrentMap { try writer.write($1, to: $0, isNew: isNew) }
            }
            if let manifest {
                try makeFolders(FileTree.folders(holding: [Self.manifestFile]), in: staging)
                try writer.write(manifest, to: Self.manifestFile)
            }
            try swap(in: staging)
        } catch {
            keepAsSpare(staging)
            throw error
        }
    }

    /// Whether the output holds the build `record` describes with no file or folder put into
    /// or taken out of it since that build finished (``FolderChanges``), and no file written
    /// over: a build of the same sources then has nothing to write.
    func holdsUnchanged(_ record: BuildRecord) -> Bool {
        guard let finished = FileWriter.changeTime(ofFile: output.appendingPathComponent(Self.manifestFile).path) else { return false }
        let folder = open(output.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return false }
        defer { close(folder) }
        let files = record.fileSizes()  // the paths decoded once, for the folders and the files
        guard FolderChanges(holding: files.map(\.path), in: folder, finishedAt: finished)?.changed.isEmpty ?? false else { return false }
        let kept = try? files.concurrentMap { FileWriter.isKept($0.path, in: folder, size: $0.size, unchangedSince: finished) }
        return kept?.allSatisfy { $0 } ?? false
    }

    /// The manifest, written last: a staging folder without one is one a build did not finish.
    private static let manifestFile = BuildManifest.file

    /// Turns `folder`, which holds the build `held` as it was when it finished at `finished`,
    /// into `files` (all but the manifest, which the caller writes last): deletes what is
    /// gone, rewrites what changed and writes the new build id into what did not. The files
    /// of the `spare` folder opened already are written through and closed, if it is `folder`.
    private func update(
        _ folder: URL, holding held: BuildRecord, finishedAt finished: Int, to files: [String: OutputFile], writer: FileWriter,
        spare: SpareFiles?
    ) throws {
        let root = folder.path
        let entries = Array(files)
        let heldEntries = try entries.concurrentMap { held.fileEntry($0.key) }
        // Only the folders of the files that come and go are worked on: a rebuild swaps a few
        // patches and manifests of the history, and keeps 10,000 pages where they are.
        let heldManifest = held.fileEntry(Self.manifestFile)?.number
        let added = entries.indices.filter { heldEntries[$0] == nil }.map { entries[$0].key }
        if !added.isEmpty || held.fileCount - (heldManifest == nil ? 0 : 1) != files.count {
            // The files held that were not found above, nor the manifest, are gone.
            let found = Set(heldEntries.compactMap { $0?.number } + [heldManifest].compactMap { $0 })
            let gone = held.filePaths(besides: found)
            for path in gone { unlink(root + "/" + path) }
            // Deepest first; `rmdir` leaves a folder that still holds something.
            for directory in FileTree.folders(holding: gone).sorted(by: >) { rmdir(root + "/" + directory) }
            try makeFolders(FileTree.folders(holding: added), in: folder)
        }
        // From here on each of them is closed, whatever happens.
        let opened = spare?.take(in: folder, holding: held.build, finishedAt: finished) ?? [:]
        SpareFiles.close(opened.filter { files[$0.key] == nil }.values)
        _ = try Array(entries.indices).concurrentMap { index in
            let (path, file) = entries[index]
            let descriptor = opened[path]
            defer { if let descriptor { close(descriptor) } }
            if let old = heldEntries[index]?.file, old == file.record {
                if let descriptor {
                    try writer.writeBuildID(of: file, into: descriptor, path: path)
                } else {
                    try writer.writeBuildID(of: file, to: path, unchangedSince: finished)
                }
            } else {
                try writer.write(file, to: path)
            }
        }
    }

    /// Deletes what is in `folder` (below `root`) but is neither one of `files` nor one of
    /// `folders`, and looks the same way into those of `folders` that the record did not
    /// `know`, which were made by hand too.
    private func removeUnknownEntries(
        of folder: String, in root: URL, keeping files: [String: OutputFile], folders: Set<String>, known: Set<String>
    ) throws {
        let path = folder.isEmpty ? root.path : root.path + "/" + folder
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names {
            let entry = folder.isEmpty ? name : folder + "/" + name
            if files[entry] != nil { continue }
            if folders.contains(entry) {
                if !known.contains(entry) { try removeUnknownEntries(of: entry, in: root, keeping: files, folders: folders, known: known) }
                continue
            }
            do {
                try FileManager.default.removeItem(atPath: path + "/" + name)
            } catch {
                throw SiteError(file: output.path, "cannot delete \(path)/\(name): \(SiteError.reason(of: error))")
            }
        }
    }

    /// Makes `folders` (paths below `root`) in order, parents first.
    private func makeFolders(_ folders: Set<String>, in root: URL) throws {
        for directory in folders.sorted() {
            guard mkdir(root.path + "/" + directory, 0o755) == 0 || errno == EEXIST else {
                throw SiteError(file: output.path, "cannot create folder \(directory): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Makes `folder` and the folders above it that are missing.
    private func makeFolder(_ folder: URL) throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw SiteError(file: output.path, "cannot create the folder \(folder.path): \(SiteError.reason(of: error))")
        }
    }

    /// Makes `staging` from the spare (or a killed build's leftovers), or as a new folder;
    /// whether it is new.
    private func prepare(_ staging: URL) throws -> Bool {
        var candidates = leftovers(kind: "spare") + leftovers(kind: "new") + leftovers(kind: "old")
        let reused = candidates.first.map { rename($0.path, staging.path) == 0 } ?? false
        if reused {
            candidates.removeFirst()
        } else {
            try makeFolder(staging)
        }
        for leftover in candidates { try? FileManager.default.removeItem(at: leftover) }
        return !reused
    }

    /// Deletes everything in `folder` that is not one of `files` or a folder holding one.
    private func prune(_ folder: URL, keeping files: [String: OutputFile]) throws {
        try prune(root: folder.path, relative: "", files: files, folders: FileTree.folders(holding: files.keys))
    }

    private func prune(root: String, relative: String, files: [String: OutputFile], folders: Set<String>) throws {
        guard let directory = opendir(relative.isEmpty ? root : root + "/" + relative) else { return }
        var entries: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != ".", name != ".." { entries.append((name, entry.pointee.d_type == UInt8(DT_DIR))) }
        }
        closedir(directory)
        for entry in entries {
            let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
            if entry.isFolder, folders.contains(path) {
                try prune(root: root, relative: path, files: files, folders: folders)
            } else if entry.isFolder || files[path] == nil {
                do {
                    try FileManager.default.removeItem(atPath: root + "/" + path)
                } catch {
                    throw SiteError(file: output.path, "cannot delete \(root)/\(path): \(SiteError.reason(of: error))")
                }
            }
        }
    }

    /// Puts `staging` in place of the output. Where the system allows, the two folders are
    /// exchanged in one step and the output never goes missing, not even for a server
    /// reading it; otherwise the output is moved aside first.
    private func swap(in staging: URL) throws {
        let hadOutput = FileManager.default.fileExists(atPath: output.path)
        if hadOutput, AtomicExchange.exchange(staging.path, output.path) {
            keepAsSpare(staging)
            return
        }
        let aside = parent.appendingPathComponent("\(stagingPrefix)old-\(getpid())")
        if hadOutput, rename(output.path, aside.path) != 0 {
            throw SiteError(file: output.path, "cannot move the previous output aside: \(String(cString: strerror(errno)))")
        }
        guard rename(staging.path, output.path) == 0 else {
            let reason = String(cString: strerror(errno))
            if hadOutput { _ = rename(aside.path, output.path) }
            throw SiteError(file: output.path, "cannot move the new output in place: \(reason)")
        }
        if hadOutput { keepAsSpare(aside) }
    }

    /// A build killed between its two renames leaves no output but the old one aside: put it back.
    private func restoreInterruptedSwap() {
        guard !FileManager.default.fileExists(atPath: output.path), let old = leftovers(kind: "old").first else { return }
        _ = rename(old.path, output.path)
    }

    private func leftovers(kind: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        return names.filter { $0 == "\(stagingPrefix)\(kind)" || $0.hasPrefix("\(stagingPrefix)\(kind)-") }.sorted()
            .map { parent.appendingPathComponent($0) }
    }
}
