import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What the file system alone takes for what a one-post rebuild cannot skip under the
/// page-versions contract (DESIGN.md: no stale or hand-edited file survives a build), by bare
/// system calls on two threads: the status of each source (changed?), of each folder of the
/// output (a file put in or taken out by hand?) and of each file of the output (written over
/// by hand?). Paths are relative to open folders, as owl-site looks at them. (The page that
/// changed, its state file and its patch are written too, which is too little to show.)
enum RebuildFloor {
    /// The wall time, in seconds, for the sources in `site/content` and the output folder
    /// `output`, and the number of statuses read.
    static func measure(site: URL, output: URL) throws -> (seconds: Double, statuses: Int) {
        let sourcesPath = site.appendingPathComponent("content").path
        let content = open(sourcesPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        let outputFolder = open(output.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(content); close(outputFolder) }
        guard content >= 0, outputFolder >= 0 else { throw BuildBenchmarks.BenchError("cannot open \(sourcesPath) or \(output.path)") }
        // (folder descriptor, relative path) for every status to read: files and folders alike.
        let looks: [(Int32, String)] = try FileManager.default.subpathsOfDirectory(atPath: sourcesPath).map { (content, $0) }
            + FileManager.default.subpathsOfDirectory(atPath: output.path).map { (outputFolder, $0) }
        let failures = Mutex(0)
        let start = BenchClock.wall()
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            var status = stat()
            let failed = stride(from: half, to: looks.count, by: 2).count { fstatat(looks[$0].0, looks[$0].1, &status, AT_SYMLINK_NOFOLLOW) != 0 }
            failures.withLock { $0 += failed }
        }
        let seconds = (BenchClock.wall() - start) / 1000
        if failures.withLock({ $0 }) > 0 { throw BuildBenchmarks.BenchError("cannot read the status of every source and output file") }
        return (seconds, looks.count)
    }
}
