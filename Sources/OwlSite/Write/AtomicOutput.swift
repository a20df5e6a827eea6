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

    /// Whether `folder` holds a build of owl-site: its own folder `_owl/` is there.
    static func holdsBuild(_ folder: URL) -> Bool {
        var status = stat()
        return lstat(folder.appendingPathComponent(SitePath.reservedFolder).path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The folder a rebuild writes into, turned into its staging folder: the spare (the
    /// output a build before the previous one swapped out), or a folder a killed or failed
    /// build left beside the output.
    var spare: URL? { (leftovers(kind: "spare") + leftovers(kind: "new") + leftovers(kind: "old")).first }

    /// The staging folder of a first build, whose folders are made on a thread of their own
    /// while its pages render (``prepareFolders(holding:)``): making 10,000 post folders in one
    /// parent takes the system longer than writing their files, one folder at a time. Pages
    /// are written into it as soon as they are rendered (``writeNow(_:)``), so that a build
    /// does not hold every page's bytes until the end: they were most of its memory.
    ///
    /// A rebuild that renders many pages writes them as they come too, into the spare
    /// (``prepareSpare(records:)``), which it then updates as a rebuild does.
    final class PreparedFolders: Sendable {
        fileprivate let staging: URL
        /// The folders made, or none when making one failed (the write makes them, or says why).
        fileprivate let made: HandOver<Set<String>>
        /// Whether the staging folder is new, and so holds nothing but the folders made; else
        /// it is the spare, and `held` the build it held (as it was when that build finished).
        fileprivate let isNew: Bool
        fileprivate let held: BuildRecords.HeldBuild?
        /// The staging folder, open, for the pages written before the rest.
        private let writer: FileWriter

        fileprivate init(staging: URL, made: HandOver<Set<String>>, output: URL, isNew: Bool = true, held: BuildRecords.HeldBuild? = nil) throws {
            self.staging = staging
            self.made = made
            self.isNew = isNew
            self.held = held
            let folder = open(staging.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard folder >= 0 else { throw SiteError(file: output.path, "cannot open \(staging.path): \(String(cString: strerror(errno)))") }
            writer = FileWriter(root: folder, rootPath: staging.path, outputPath: output.path, previousOutput: nil)
        }

        deinit { close(writer.root) }

        /// Waits for the thread; the folders it made.
        fileprivate func wait() -> Set<String> {
            (try? made.take()) ?? []
        }

        /// Writes `files` (paths below the output) into the staging folder now, making their
        /// folders if the thread has not made them yet; the same files, as the staging folder
        /// holds them (``OutputFile/KeptPlace/writtenNow``), without their bytes.
        func writeNow(_ files: [(path: String, file: OutputFile)]) throws -> [(path: String, file: OutputFile)] {
            try files.map { path, file in
                try writer.write(file, to: path, isNew: isNew, makingFolders: true)
                return (path, file.writtenNow)
            }
        }
    }

    /// For a rebuild that renders many pages: turns the spare into this build's staging folder
    /// now, so that pages are written into it as they render (``PreparedFolders/writeNow(_:)``)
    /// and their bytes not held until the end; nil when there is no spare. Give the result to
    /// ``write(_:build:records:prepared:previousFinished:surveyed:)``, or to ``discard(_:)``.
    ///
    /// From here on the records say the spare holds no known build, as they do once a write
    /// into it starts: a build that fails after this leaves a folder the next build writes
    /// whole (pages written as they rendered look like changes by hand).
    func prepareSpare(records: BuildRecords) -> PreparedFolders? {
        guard spare != nil, let (staging, isNew, held) = try? takeStaging(records: records) else { return nil }
        let made = HandOver<Set<String>>()
        made.put([])
        return try? PreparedFolders(staging: staging, made: made, output: output, isNew: isNew, held: held)
    }

    /// When there is no output yet, nor any folder an earlier build left beside it, makes
    /// this build's staging folder now and starts making the folders that hold `files`
    /// (paths below the output) in it; nil otherwise. Give the result to
    /// ``write(_:build:records:prepared:)``, or to ``discard(_:)`` should the build not get there.
    func prepareFolders(holding files: () -> [String]) -> PreparedFolders? {
        guard !FileManager.default.fileExists(atPath: output.path), spare == nil, (try? makeFolder(parent)) != nil else { return nil }
        let staging = parent.appendingPathComponent("\(stagingPrefix)new-\(getpid())")
        guard mkdir(staging.path, 0o777) == 0 else { return nil }  // as `createDirectory` makes it, the umask applied
        guard let prepared = try? PreparedFolders(staging: staging, made: HandOver<Set<String>>(), output: output) else {
            try? FileManager.default.removeItem(at: staging)
            return nil
        }
        let folders = FileTree.folders(holding: files())
        Thread { [self] in prepared.made.put((try? makeFolders(folders, in: staging)) == nil ? [] : folders) }.start()
        return prepared
    }

    /// Gives up `prepared`, for a build that ends without writing: a new folder holds nothing
    /// but empty folders and the pages written so far, and is deleted; the spare stays, for
    /// the next build to write into.
    func discard(_ prepared: PreparedFolders) {
        _ = prepared.wait()
        if prepared.isNew {
            try? FileManager.default.removeItem(at: prepared.staging)
        } else {
            keepAsSpare(prepared.staging)
        }
    }

    /// Writes `files` (path below the output → file), the output of `build`, and puts them in
    /// place of the output. Folders `prepared` for it are used as they are.
    ///
    /// The output replaced by the previous build is kept aside as a spare and becomes this
    /// build's staging folder, which spares the file system from allocating (and later
    /// freeing) an inode per page on every build. When `records` know the build the spare
    /// holds (as it was when that build finished), only what differs is written: a file at
    /// the same hash and size is left as it is unless it was changed since (by hand, while it
    /// was the output: its change time says so), and what was put into or taken out of its
    /// folders since is deleted or made again (``FolderChanges``). A file that is ``OutputFile/Content/kept``
    /// and not in the spare is linked to the previous output's (or copied from it, where
    /// links cannot be made). Otherwise every file is written and anything else deleted.
    ///
    /// Nothing is flushed to disk: an interrupted build (even `kill -9`) leaves the previous
    /// output in place, and what a build wrote reaches the disk as the system writes it back.
    /// A build that fails while writing (a full disk) deletes what it wrote.
    ///
    /// `surveyed` gives the folders of the staging folder whose entries changed since the build
    /// it names finished, when they were looked at before (``OutputSurvey``); nil if not.
    ///
    /// `previousFinished` is when the build the output holds finished writing it, when known:
    /// the files kept from it are then linked rather than copied (``FileWriter``).
    func write(_ files: [String: OutputFile], build: String, records: BuildRecords, prepared: PreparedFolders? = nil,
               previousFinished: Int? = nil, surveyed: (_ build: String) -> FolderChanges? = { _ in nil }) throws {
        let made = prepared?.wait() ?? []
        let staging: URL
        // Whether the staging folder was made by this build, and so holds no file yet.
        let isNew: Bool
        let held: BuildRecords.HeldBuild?
        if let prepared {
            (staging, isNew, held) = (prepared.staging, prepared.isNew, prepared.held)
        } else {
            (staging, isNew, held) = try takeStaging(records: records)
        }
        do {
            let folder = open(staging.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard folder >= 0 else { throw SiteError(file: output.path, "cannot open \(staging.path): \(String(cString: strerror(errno)))") }
            defer { close(folder) }
            // Open until the files are written: the writer links and copies from it by descriptor.
            let previousOutput = OpenFolder(output.path)
            defer { withExtendedLifetime(previousOutput) {} }
            let writer = FileWriter(root: folder, rootPath: staging.path, outputPath: output.path, previousOutput: previousOutput.map {
                FileWriter.PreviousOutput(folder: $0.descriptor, path: output.path, finished: previousFinished)
            })
            if let held {
                let surveyedChanges = surveyed(held.record.build)
                let changes = surveyedChanges ?? FolderChanges(holding: held.record, in: folder, finishedAt: held.finished)
                if !changes.changed.isEmpty {
                    let kept = FileTree.folders(holding: files.keys), known = changes.known  // made once, not for each folder
                    for changed in changes.changed {
                        try removeUnknownEntries(of: changed, in: staging, keeping: files, folders: kept, known: known)
                    }
                    // Folders deleted by hand are made again (where a file of the record is in
                    // the way, the update deletes it and makes the folder, or says why not).
                    try? makeFolders(kept, in: staging)
                }
                // The numbers of the files kept in the folder are those the survey found among
                // the files of the build it looked at: this one's when it gave its folders' changes.
                try update(staging, holding: held, to: files, writer: writer, numbersAreHeld: surveyedChanges != nil)
            } else {
                // A new folder holds nothing but folders this build needs.
                if !isNew { try prune(staging, keeping: files) }
                try makeFolders(FileTree.folders(holding: files.keys).subtracting(made), in: staging)
                _ = try Array(files).concurrentMap { path, file in
                    // Written already, as soon as it was rendered (``PreparedFolders/writeNow(_:)``):
                    // with no build known in the folder, nothing else is kept in it.
                    if file.isKeptInStaging { return }
                    try writer.write(file, to: path, isNew: isNew)
                }
            }
            records.remember(staging, of: output, holding: build, finished: FileWriter.now())
            try swap(in: staging)
        } catch {
            // What was written is of no use, and may fill the disk: the folder goes.
            records.remember(staging, of: output, holding: nil)
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
    }

    /// Keeps `folder` as the spare, which a later build turns into its output; deletes it if it
    /// cannot be kept.
    private func keepAsSpare(_ folder: URL) {
        if rename(folder.path, parent.appendingPathComponent("\(stagingPrefix)spare").path) != 0 {
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// Whether the output holds the build `held` describes with no file or folder put into
    /// or taken out of it since that build finished (``FolderChanges``), and no file written
    /// over: a build of the same sources then has nothing to write.
    func holdsUnchanged(_ held: BuildRecords.HeldBuild) -> Bool {
        let folder = open(output.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return false }
        defer { close(folder) }
        guard FolderChanges(holding: held.record, in: folder, finishedAt: held.finished).changed.isEmpty else { return false }
        let files = held.record.fileSizes()
        let kept = try? files.concurrentMap { FileWriter.isKept($0.path, in: folder, size: $0.size, unchangedSince: held.finished) }
        return kept?.allSatisfy { $0 } ?? false
    }

    /// Turns `folder`, which holds the build `held`, into `files`: deletes what is gone,
    /// writes what is new or changed (or changed by hand since), and leaves the rest.
    /// `numbersAreHeld` says that the numbers of the files the folder holds as it was left
    /// (``OutputFile/KeptPlace/staging(number:)``) are their numbers among `held`'s files.
    ///
    /// The files gone are found by those numbers: the held build's files that none of
    /// `files` is. Hashing, sorting and walking every path to find them took 10 million
    /// instructions of a one-post rebuild of 10,000 posts (callgrind), on every rebuild that
    /// drops a page's oldest patch.
    private func update(_ folder: URL, holding held: BuildRecords.HeldBuild, to files: [String: OutputFile], writer: FileWriter,
                        numbersAreHeld: Bool) throws {
        let root = folder.path
        let entries = Array(files)
        let heldCount = held.record.fileCount
        // Each file's entry among the held build's files; nil for a file it did not have.
        // Files kept in the folder as it held them come with their numbers, and are not
        // looked up: at 10,000 posts, looking up all 14,000 paths took 15 million
        // instructions of a one-post rebuild. Pages written as they rendered are looked up.
        let heldEntries = try Array(entries.indices).concurrentMap { index -> (file: BuildRecord.File, number: Int)? in
            let file = entries[index].value
            if numbersAreHeld, case let .kept(.staging(number)) = file.content, number >= 0, number < heldCount {
                return (file.record, Int(number))
            }
            return held.record.fileEntry(entries[index].key)
        }
        // Only the folders of the files that come and go are worked on: a rebuild swaps a few
        // patches, and keeps 10,000 pages where they are.
        let added = entries.indices.filter { heldEntries[$0] == nil }.map { entries[$0].key }
        // The held build's files found among this build's, each once (their paths differ):
        // when they are as many as it has, none of them is gone.
        if heldEntries.count(where: { $0 != nil }) != heldCount {
            var isFound = [Bool](repeating: false, count: heldCount)
            for case let (_, number)? in heldEntries { isFound[number] = true }
            let gone = held.record.filePaths(numbered: isFound.indices.lazy.filter { !isFound[$0] })
            for path in gone { unlink(root + "/" + path) }
            // Deepest first; `rmdir` leaves a folder that still holds something.
            for directory in FileTree.folders(holding: gone).sorted(by: >) { rmdir(root + "/" + directory) }
        }
        if !added.isEmpty {
            try makeFolders(FileTree.folders(holding: added), in: folder)
        }
        _ = try Array(entries.indices).concurrentMap { index in
            let (path, file) = entries[index]
            // Checked already, when the build decided to keep it; or written as it rendered.
            if file.isKeptInStaging { return }
            if let old = heldEntries[index]?.file, old == file.record,
               FileWriter.isKept(path, in: writer.root, size: file.size, unchangedSince: held.finished) { return }
            try writer.write(file, to: path)
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

    /// This build's staging folder, made from the spare (or a killed build's leftovers) or
    /// as a new folder; whether it is new, and the build it holds (as it was when that build
    /// finished) when known. From here on the records say it holds no known build, until it
    /// holds this one.
    private func takeStaging(records: BuildRecords) throws -> (staging: URL, isNew: Bool, held: BuildRecords.HeldBuild?) {
        try makeFolder(parent)
        let staging = parent.appendingPathComponent("\(stagingPrefix)new-\(getpid())")
        let isNew = try prepare(staging)
        let held = isNew ? nil : records.held(by: staging)
        if !isNew, held != nil || records.folder != nil { records.remember(staging, of: output, holding: nil) }
        return (staging, isNew, held)
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

    /// A build killed between its two renames leaves no output but the old one aside: put it
    /// back (a build calls this first, holding the lock).
    func restoreInterruptedSwap() {
        guard !FileManager.default.fileExists(atPath: output.path), let old = leftovers(kind: "old").first else { return }
        _ = rename(old.path, output.path)
    }

    /// The folders that can hold a build of this output: the output, and beside it the spare
    /// and the folders a killed or failed build left.
    var folders: [URL] {
        [output] + besideOutput.map { parent.appendingPathComponent($0) }
    }

    /// The folders of `kind` beside the output: `spare`, or `new` and `old`, which a killed or
    /// failed build left.
    private func leftovers(kind: String) -> [URL] {
        besideOutput.filter { $0 == "\(stagingPrefix)\(kind)" || $0.hasPrefix("\(stagingPrefix)\(kind)-") }
            .map { parent.appendingPathComponent($0) }
    }

    /// The names beside the output that its builds use (the lock, the spare, staging
    /// folders), in order.
    private var besideOutput: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []).filter { $0.hasPrefix(stagingPrefix) }.sorted()
    }
}
