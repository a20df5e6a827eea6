import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Which of the previous build's files are still as that build left them, and which folders
/// of the folder a rebuild writes into had entries put in or taken out by hand, looked at on
/// a thread of its own from the moment a rebuild starts, and on the threads that wait for
/// what it finds.
///
/// Neither depends on what the rebuild makes, only on the folders beside the output and
/// their records; and it is most of a rebuild's system calls (at 10,000 posts: a status for
/// each of 14,000 kept files and 10,000 folders, some 55 ms of one core). Looked at while the
/// sources are read and the pages planned, it costs a one-post rebuild little of its time.
///
/// The survey is made in parts, which any thread may take: a thread that needs the findings
/// before they are all in takes the parts left rather than wait. At 100,000 posts the
/// survey's thread, sharing the two cores with the reading of the sources and then with the
/// site's other files, was still at it 400 ms after the build first needed its findings.
///
/// The files come first, and what they found is given as soon as they are done: the pages
/// to reuse need it, while the folders are needed only when the build writes. The folders'
/// statuses then go on beside the rendering and the table of files (a third of the survey's
/// statuses: at 100,000 posts, 100,000 of them), which one thread made with the other core idle.
/// The folders are even listed only once the files are surveyed: listing them from the
/// target's record took 11 million instructions at 10,000 posts, which the survey of the
/// files waited for when it came first.
final class OutputSurvey: Sendable {
    private let previous: BuildRecords.HeldBuild
    private let output: OpenFolder
    private let target: (held: BuildRecords.HeldBuild, folder: OpenFolder)?

    /// The survey of the previous build's files, then of the target's folders.
    private let files = Stage<FileParts>()
    private let folders = Stage<FolderParts>()

    /// Files and folders in a part: small enough that two threads end close together, large
    /// enough that taking one costs nothing next to its system calls.
    private static let partSize = 512

    /// The number of parts that `count` files or folders make.
    private static func partCount(of count: Int) -> Int { (count + partSize - 1) / partSize }

    /// What the survey of the previous build's files found, each part writing only its own
    /// share (the files by their numbers in its record).
    private final class FileParts: @unchecked Sendable {
        let fileCount: Int
        /// For each file of the previous build, by its number: whether it can be kept (``Kept``).
        let kept: UnsafeMutableBufferPointer<Kept>
        /// For each file of the previous build kept ``Kept/inStaging``, by its number: its
        /// number among the files of the build the folder written into holds.
        let targetNumbers: UnsafeMutableBufferPointer<Int32>

        init(fileCount: Int) {
            self.fileCount = fileCount
            kept = .allocate(capacity: fileCount)
            kept.initialize(repeating: .no)
            targetNumbers = .allocate(capacity: fileCount)
            targetNumbers.initialize(repeating: -1)
        }

        deinit {
            kept.deallocate()
            targetNumbers.deallocate()
        }
    }

    /// The folders of the folder written into, and what the survey of each part of them found.
    private final class FolderParts: @unchecked Sendable {
        /// The folders of the target's files (``FolderChanges/folders(of:)``), empty without a target.
        let folders: [FolderChanges.Folder]
        /// For each part of the folders, those whose entries changed.
        let changed: UnsafeMutableBufferPointer<[String]>

        init(folders: [FolderChanges.Folder]) {
            self.folders = folders
            changed = .allocate(capacity: partCount(of: folders.count))
            changed.initialize(repeating: [])
        }

        deinit {
            changed.deinitialize()
            changed.deallocate()
        }
    }

    /// Whether a file of the previous build can be kept, and where.
    private enum Kept: UInt8 {
        case no
        /// The previous output holds it as that build left it.
        case inOutput
        /// The folder written into holds it as the previous build has it
        /// (``OutputFile/KeptPlace/staging(number:)``).
        case inStaging
    }

    /// One stage of the survey: its parts, made by the survey's thread and then taken by any
    /// thread, each part by one.
    private final class Stage<Parts: AnyObject & Sendable>: Sendable {
        /// The parts and how many there are: written once, before `opened` is set, and read
        /// only after it is seen set.
        nonisolated(unsafe) private var parts: Parts?
        nonisolated(unsafe) private var count = 0
        private let opened = Atomic<Bool>(false)
        /// The next part to take: a part taken from ``count`` on does not exist.
        private let nextPart = Atomic<Int>(0)
        private let finishedParts = Atomic<Int>(0)
        /// Left once the parts are made, and once every part is surveyed (by the thread that finishes the last).
        private let made = DispatchGroup(), done = DispatchGroup()

        init() {
            made.enter()
            done.enter()
        }

        /// Gives the stage its `count` parts: any thread may take them from now on.
        func open(_ parts: Parts, count: Int) {
            self.parts = parts
            self.count = count
            opened.store(true, ordering: .releasing)
            made.leave()
            if count == 0 { done.leave() }
        }

        /// Surveys parts with `survey` until none is left (none, before the parts are made).
        func takeParts(surveying survey: (Parts, Int) -> Void) {
            guard opened.load(ordering: .acquiring), let parts else { return }
            while true {
                let part = nextPart.wrappingAdd(1, ordering: .relaxed).oldValue
                guard part < count else { return }
                survey(parts, part)
                if finishedParts.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue == count { done.leave() }
            }
        }

        /// The parts, once all are surveyed: once they are made, those left are taken on
        /// this thread, then those other threads are at are waited for.
        func finished(surveying survey: (Parts, Int) -> Void) -> Parts {
            if !isComplete {
                made.wait()
                takeParts(surveying: survey)
                done.wait()
            }
            // Made before the survey's thread leaves `made`, and never taken out.
            return parts!
        }

        /// Whether every part is surveyed: the parts are made, and as many finished. (Read
        /// with the ordering that makes what each part found seen.)
        private var isComplete: Bool {
            guard opened.load(ordering: .acquiring) else { return false }
            return finishedParts.load(ordering: .acquiring) == count
        }
    }

    /// Starts looking at the files of `previous`, the build the output (open as `output`)
    /// holds, and at `target`: the build held by the folder a rebuild writes into, and that
    /// folder, open.
    init(previous: BuildRecords.HeldBuild, output: OpenFolder,
         target: (held: BuildRecords.HeldBuild, folder: OpenFolder)?) {
        self.previous = previous
        self.output = output
        self.target = target
        let thread = Thread { [self] in
            let fileCount = previous.record.fileCount
            files.open(FileParts(fileCount: fileCount), count: Self.partCount(of: fileCount))
            files.takeParts(surveying: surveyFiles)
            let folderList = target.map { FolderChanges.folders(of: $0.held.record) } ?? []
            folders.open(FolderParts(folders: folderList), count: Self.partCount(of: folderList.count))
            folders.takeParts(surveying: surveyFolders)
        }
        thread.start()
    }

    /// Each of `paths` with the file to keep there, once the survey of the files is done
    /// (taking part in it until then); nil when one of them cannot be kept.
    func keptFiles(_ paths: [String]) -> [(path: String, file: OutputFile)]? {
        let parts = files.finished(surveying: surveyFiles)
        // Labelled as it is made: an array of unlabelled pairs is cast to labelled ones at run time.
        var files: [(path: String, file: OutputFile)] = []
        files.reserveCapacity(paths.count)
        for path in paths {
            guard let file = keptFile(path, in: parts) else { return nil }
            files.append((path: path, file: file))
        }
        return files
    }

    /// Each of `paths` as a file to keep, or nil where it cannot be kept, once the survey of
    /// the files is done.
    func keptFile(each paths: [String]) -> [OutputFile?] {
        let parts = files.finished(surveying: surveyFiles)
        return paths.map { keptFile($0, in: parts) }
    }

    /// The file of the previous build at `path`, as ``OutputFile/Content/kept(_:)``,
    /// when it can be kept.
    private func keptFile(_ path: String, in parts: FileParts) -> OutputFile? {
        guard let (file, number) = previous.record.fileEntry(path, pathHash: BuildRecord.pathHash(path)) else { return nil }
        switch parts.kept[number] {
        case .no: return nil
        case .inOutput: return OutputFile(kept: file, in: .previousOutput)
        case .inStaging: return OutputFile(kept: file, in: .staging(number: parts.targetNumbers[number]))
        }
    }

    /// The folders of the folder written into whose entries changed since `build`, which it
    /// held, finished, once the survey is done; nil when not known.
    func folderChanges(since build: String) -> FolderChanges? {
        guard let target, target.held.record.build == build else { return nil }
        let parts = folders.finished(surveying: surveyFolders)
        return FolderChanges(folders: parts.folders, changed: Array(parts.changed.joined()))
    }

    /// Looks at the previous build's files in part `part` of them: kept in the folder written
    /// into when it holds them as that build has them, else in the output when it does.
    private func surveyFiles(_ parts: FileParts, part: Int) {
        let numbers = (part * Self.partSize)..<min((part + 1) * Self.partSize, parts.fileCount)
        var buffer = PathBuffer()
        // Taken out once: each use of the optional tuple copied the record it holds.
        let targetRecord = target?.held.record, targetFolder = target?.folder.descriptor ?? -1, targetFinished = target?.held.finished ?? 0
        previous.record.forEachFile(numbered: numbers) { number, pathHash, path, file in
            buffer.withCString(path) { cPath in
                // The target's file, when its build left it as the previous build has it.
                var inTarget: stat?
                if let targetRecord, let (targetFile, targetNumber) = targetRecord.fileEntry(utf8: path, pathHash: pathHash), targetFile == file {
                    parts.targetNumbers[number] = Int32(truncatingIfNeeded: targetNumber)
                    inTarget = FileWriter.regularFileStatus(cPath, in: targetFolder)
                    if let status = inTarget, FileWriter.isKept(status, size: file.size, unchangedSince: targetFinished) {
                        parts.kept[number] = .inStaging
                        return
                    }
                }
                guard let inOutput = FileWriter.regularFileStatus(cPath, in: output.descriptor),
                      FileWriter.isKept(inOutput, size: file.size, unchangedSince: previous.finished) else { return }
                // A file the target shares with the previous output (linked to it by the build
                // that made the output, ``FileWriter``) holds its bytes, though the link changed it since.
                let isShared = inTarget.map { $0.st_dev == inOutput.st_dev && $0.st_ino == inOutput.st_ino } ?? false
                parts.kept[number] = isShared ? .inStaging : .inOutput
            }
        }
    }

    /// Looks at the target's folders in part `part` of them.
    private func surveyFolders(_ parts: FolderParts, part: Int) {
        guard let target else { return }
        let start = part * Self.partSize, end = min(start + Self.partSize, parts.folders.count)
        parts.changed[part] = FolderChanges.changed(parts.folders[start..<end], in: target.folder.descriptor, finishedAt: target.held.finished)
    }
}
