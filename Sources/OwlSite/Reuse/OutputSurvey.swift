import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Which of the previous build's files are still as that build left them, and which folders
/// of the folder a rebuild writes into had entries put in or taken out by hand, looked at on
/// a thread of its own from the moment a rebuild starts.
///
/// Neither depends on what the rebuild makes, only on the folders beside the output and
/// their records; and it is most of a rebuild's system calls (at 10,000 posts: a status for
/// each of 14,000 kept files and 10,000 folders, some 60 ms of one core). Looked at while the
/// sources are read and the pages planned, which leaves one core idle for tens of
/// milliseconds, they cost a one-post rebuild little of its time.
final class OutputSurvey: Sendable {
    /// What the survey found.
    struct Findings: Sendable {
        /// Each file of the previous build that can be kept, as
        /// ``OutputFile/Content/kept(inStaging:)`` (in staging when the folder written into
        /// holds it as its own build left it, else the previous output does), with its path
        /// below the output; by ``BuildRecord/pathHash(_:)`` of that path, which the build has
        /// at hand, rather than by the path, which a table would hash again.
        /// The path is its UTF-8 bytes in the record, of which no `String` is made.
        var kept: [UInt64: (path: SharedBytes, file: OutputFile)] = [:]

        /// The file at `path`, whose ``BuildRecord/pathHash(_:)`` is `pathHash`, if it can be kept.
        func keptFile(_ path: String, pathHash: UInt64) -> OutputFile? {
            guard let (keptPath, file) = kept[pathHash], keptPath.areUTF8(of: path) else { return nil }
            return file
        }

        /// The build the folder written into held, and its folders whose entries changed
        /// since that build finished; nil without such a folder.
        var folderChanges: (build: String, changes: FolderChanges)?
    }

    /// The findings, once the survey is done: written once, by the survey's thread before it
    /// leaves `done`, and read only after waiting for `done`, which orders the read after the
    /// write. Read so by both cores without a lock: a lock taken for each page's files made
    /// the cores wait for each other (1% of a one-post rebuild's processor time at 10,000
    /// pages), and an atomic reference cost 450 instructions a read.
    nonisolated(unsafe) private var found: Found?
    private let done = DispatchGroup()

    /// The findings, kept in one object that is never changed once stored.
    private final class Found: Sendable {
        let findings: Findings
        init(_ findings: Findings) { self.findings = findings }
    }

    /// Starts looking at the files of `previous`, the build the output (open as `output`)
    /// holds, and at `target`: the build held by the folder a rebuild writes into, and that
    /// folder, open.
    init(previous: BuildRecords.HeldBuild, output: OpenFolder,
         target: (held: BuildRecords.HeldBuild, folder: OpenFolder)?) {
        done.enter()
        let thread = Thread { [self] in
            let result = Self.survey(previous: previous, output: output, target: target)
            found = Found(result)
            done.leave()
        }
        thread.start()
    }

    /// The findings, once the survey is done (waiting for it until then). Read through the
    /// object that holds them, not copied out of it: a copy of the findings retains each of
    /// the references they hold (the record among them) for every page.
    private var finished: Found {
        done.wait()
        // Stored before the survey's thread leaves the group; were it not, nothing would be kept.
        return found ?? Found(Findings())
    }

    /// Each of `paths` as a file to keep (``Findings/kept``), once the survey is done
    /// (waiting for it until then); nil when one of them cannot be kept.
    func keptFiles(_ paths: [String]) -> [OutputFile]? {
        let found = finished
        var files: [OutputFile] = []
        files.reserveCapacity(paths.count)
        for path in paths {
            guard let file = found.findings.keptFile(path, pathHash: BuildRecord.pathHash(path)) else { return nil }
            files.append(file)
        }
        return files
    }

    /// Each of `paths` as a file to keep (``Findings/kept``), or nil where it cannot be kept,
    /// once the survey is done.
    func keptFile(each paths: [String]) -> [OutputFile?] {
        let found = finished
        return paths.map { path in found.findings.keptFile(path, pathHash: BuildRecord.pathHash(path)) }
    }

    /// The folders of the folder written into whose entries changed since `build`, which it
    /// held, finished, once the survey is done; nil when not known.
    func folderChanges(since build: String) -> FolderChanges? {
        guard let (held, changes) = finished.findings.folderChanges, held == build else { return nil }
        return changes
    }

    private static func survey(previous: BuildRecords.HeldBuild, output: OpenFolder,
                               target: (held: BuildRecords.HeldBuild, folder: OpenFolder)?) -> Findings {
        var findings = Findings()
        findings.kept.reserveCapacity(previous.record.fileCount)
        var buffer = PathBuffer()
        // Taken out once: each use of the optional tuple copied the record it holds.
        let targetRecord = target?.held.record, targetFolder = target?.folder.descriptor ?? -1, targetFinished = target?.held.finished ?? 0
        previous.record.forEachFile { pathHash, path, file in
            buffer.withCString(path) { cPath in
                // The target's file, when its build left it as the previous build has it.
                var inTarget: stat?
                if let targetRecord, targetRecord.file(utf8: path, pathHash: pathHash) == file {
                    inTarget = FileWriter.regularFileStatus(cPath, in: targetFolder)
                    if let status = inTarget, FileWriter.isKept(status, size: file.size, unchangedSince: targetFinished) {
                        findings.kept[pathHash] = (path, OutputFile(kept: file, inStaging: true))
                        return
                    }
                }
                guard let inOutput = FileWriter.regularFileStatus(cPath, in: output.descriptor),
                      FileWriter.isKept(inOutput, size: file.size, unchangedSince: previous.finished) else { return }
                // A file the target shares with the previous output (linked to it by the build
                // that made the output, ``FileWriter``) holds its bytes, though the link changed it since.
                let isShared = inTarget.map { $0.st_dev == inOutput.st_dev && $0.st_ino == inOutput.st_ino } ?? false
                findings.kept[pathHash] = (path, OutputFile(kept: file, inStaging: isShared))
            }
        }
        if let target {
            findings.folderChanges = (target.held.record.build, FolderChanges(holding: target.held.record, in: target.folder.descriptor, finishedAt: target.held.finished))
        }
        return findings
    }
}
