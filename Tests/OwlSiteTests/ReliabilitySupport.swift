import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A run of the `owl-site` binary that may not finish: it is killed at its deadline, and
/// its output goes to files rather than pipes, so that nothing waits on a hung process.
struct TimedRun {
    /// How the process ended.
    enum Ending: Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it: a crash (SIGILL from a Swift runtime trap, SIGSEGV, SIGABRT).
        case signalled(Int32)
        /// It was still running at the deadline, and was killed.
        case timedOut
    }

    var ending: Ending
    var standardError: String
    /// How long it ran.
    var seconds: Double

    /// Runs `owl-site ARGUMENTS` in `folder`, killing it after `timeLimit` seconds.
    static func run(_ arguments: [String], in folder: URL, timeLimit: Double) throws -> TimedRun {
        let process = Process()
        process.executableURL = SiteFixture.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("owl-timed-\(UUID().uuidString).err")
        FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let errors = try FileHandle(forWritingTo: errorFile)
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let start = Date()
        try process.run()
        while process.isRunning, Date().timeIntervalSince(start) < timeLimit { usleep(5_000) }
        let timedOut = process.isRunning
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try errors.close()
        let text = String(decoding: (try? Data(contentsOf: errorFile)) ?? Data(), as: UTF8.self)
        let ending: Ending = timedOut ? .timedOut
            : process.terminationReason == .uncaughtSignal ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)
        return TimedRun(ending: ending, standardError: text, seconds: Date().timeIntervalSince(start))
    }
}

/// A hash of every file and folder below a folder (paths, kinds and bytes), to tell whether
/// a failed build left its output as it was.
func folderHash(_ folder: URL) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
    }
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    var paths: [String] = []
    while let path = enumerator?.nextObject() as? String { paths.append(path) }
    for path in paths.sorted() {
        mix(path.utf8)
        mix([0])
        let url = folder.appendingPathComponent(path)
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
        if isFolder.boolValue {
            mix([1])
        } else if let data = FileManager.default.contents(atPath: url.path) {
            mix(data)
        }
        mix([0xFF])
    }
    return hash
}
