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
final class OutputSurvey: Sendable {
    private let previous: BuildRecords.HeldBuild
    private let output: OpenFolder
    private let target: (held: BuildRecords.HeldBuild, folder: OpenFolder)?

    /// The parts, made by the survey's thread and published by `opened`: written once before
    /// `opened` is set, and read only after it is seen set.
    nonisolated(unsafe) private var parts: Parts?
    private let opened = Atomic<Bool>(false)
    /// The next part to take; parts from ``Parts/count`` on do not exist.
    private let nextPart = Atomic<Int>(0)
    private let finishedParts = Atomic<Int>(0)
    private let finishedFileParts = Atomic<Int>(0)
    /// Left once every part is surveyed (by the thread that finishes the last).
    private let done = DispatchGroup()
    /// Left once every part of the files is surveyed (by the thread that finishes the last of them).
    private let filesDone = DispatchGroup()

    /// Files and folders in a part: small enough that two threads end close together, large
    /// enough that taking one costs nothing next to its system calls.
    private static let partSize = 512

    /// The survey's parts and what each found, each part writing only its own share: the
    /// previous build's files (by their numbers in its record), then the folders of the
    /// folder written into.
    private final class Parts: @unchecked Sendable {
        let fileCount: Int
        let filePartCount: Int
        /// The folders of the target's files (``FolderChanges/folders(of:)``), empty without a target.
        let folders: [FolderChanges.Folder]
        let folderPartCount: Int
        /// For each file of the previous build, by its number: whether it can be kept (``Kept``).
        let kept: UnsafeMutableBufferPointer<Kept>
        /// For each file of the previous build kept ``Kept/inStaging``, by its number: its
        /// number among the files of the build the folder written into holds.
        let targetNumbers: UnsafeMutableBufferPointer<Int32>
        /// For each part of the folders, those whose entries changed.
        let changed: UnsafeMutableBufferPointer<[String]>

        var count: Int { filePartCount + folderPartCount }

        init(fileCount: Int, folders: [FolderChanges.Folder]) {
            self.fileCount = fileCount
            self.folders = folders
            filePartCount = (fileCount + partSize - 1) / partSize
            folderPartCount = (folders.count + partSize - 1) / partSize
            kept = .allocate(capacity: fileCount)
            kept.initialize(repeating: .no)
            targetNumbers = .allocate(capacity: fileCount)
            targetNumbers.initialize(repeating: -1)
            changed = .allocate(capacity: folderPartCount)
            changed.initialize(repeating: [])
        }

        deinit {
            kept.deallocate()
            targetNumbers.deallocate()
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

    /// Starts looking at the files of `previous`, the build the output (open as `output`)
    /// holds, and at `target`: the build held by the folder a rebuild writes into, and that
    /// folder, open.
    init(previous: BuildRecords.HeldBuild, output: OpenFolder,
         target: (held: BuildRecords.HeldBuild, folder: OpenFolder)?) {
        self.previous = previous
        self.output = output
        self.target = target
        done.enter()
        filesDone.enter()
        let thread = Thread { [self] in
            let parts = Parts(fileCount: previous.record.fileCount, folders: target.map { FolderChanges.folders(of: $0.held.record) } ?? [])
            self.parts = parts
            opened.store(true, ordering: .releasing)
            if parts.filePartCount == 0 { filesDone.leave() }
            if parts.count == 0 { done.leave() }
            takeParts()
        }
        thread.start()
    }

    /// Surveys parts until none is left (none, before the parts are made), or only those of
    /// the files when `onlyFiles`.
    private func takeParts(onlyFiles: Bool = false) {
        guard opened.load(ordering: .acquiring), let parts else { return }
        let limit = onlyFiles ? parts.filePartCount : parts.count
        while true {
            // Taken only below the limit: a part once taken must be surveyed by its taker.
            var part = nextPart.load(ordering: .relaxed)
            while true {
                guard part < limit else { return }
                let (taken, found) = nextPart.compareExchange(expected: part, desired: part + 1, ordering: .relaxed)
                if taken { break }
                part = found
            }
            if part < parts.filePartCount {
                surveyFiles(numbered: (part * Self.partSize)..<min((part + 1) * Self.partSize, parts.fileCount), into: parts)
                if finishedFileParts.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue == parts.filePartCount {
                    filesDone.leave()
                }
            } else {
                surveyFolders(part: part - parts.filePartCount, of: parts)
            }
            if finishedParts.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue == parts.count {
                done.leave()
            }
        }
    }

    /// The parts, once all are surveyed, or those of the files when `onlyFiles` (the
    /// folders' may not be): the parts left are taken on this thread, then those other
    /// threads are at are waited for.
    private func finished(onlyFiles: Bool = false) -> Parts {
        if !isComplete(onlyFiles: onlyFiles) {
            takeParts(onlyFiles: onlyFiles)
            (onlyFiles ? filesDone : done).wait()
        }
        // Made before the survey's thread leaves `filesDone` and `done`, and never taken out.
        return parts!
    }

    /// Whether every part is surveyed, or every part of the files when `onlyFiles`: the parts
    /// are made, and as many finished. (Read with the ordering that makes what each part found seen.)
    private func isComplete(onlyFiles: Bool) -> Bool {
        guard opened.load(ordering: .acquiring), let parts else { return false }
        return onlyFiles
            ? finishedFileParts.load(ordering: .acquiring) == parts.filePartCount
            : finishedParts.load(ordering: .acquiring) == parts.count
    }

    /// Each of `paths` as a file to keep, once the survey of the files is done (taking part
    /// in it until then); nil when one of them cannot be kept.
    func keptFiles(_ paths: [String]) -> [OutputFile]? {
        let parts = finished(onlyFiles: true)
        var files: [OutputFile] = []
        files.reserveCapacity(paths.count)
        for path in paths {
            guard let file = keptFile(path, in: parts) else { return nil }
            files.append(file)
        }
        return files
    }

    /// Each of `paths` as a file to keep, or nil where it cannot be kept, once the survey of
    /// the files is done.
    func keptFile(each paths: [String]) -> [OutputFile?] {
        let parts = finished(onlyFiles: true)
        return paths.map { keptFile($0, in: parts) }
    }

    /// The file of the previous build at `path`, as ``OutputFile/Content/kept(_:)``,
    /// when it can be kept.
    private func keptFile(_ path: String, in parts: Parts) -> OutputFile? {
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
        let parts = finished()
        return FolderChanges(folders: parts.folders, changed: Array(parts.changed.joined()))
    }

    /// Looks at the previous build's files numbered `numbers`: kept in the folder written into
    /// when it holds them as that build has them, else in the output when it does.
    private func surveyFiles(numbered numbers: Range<Int>, into parts: Parts) {
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
    private func surveyFolders(part: Int, of parts: Parts) {
        guard let target else { return }
        let start = part * Self.partSize, end = min(start + Self.partSize, parts.folders.count)
        parts.changed[part] = FolderChanges.changed(parts.folders[start..<end], in: target.folder.descriptor, finishedAt: target.held.finished)
    }
}
