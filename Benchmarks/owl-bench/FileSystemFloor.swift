import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What the file system alone takes for the files a 10,000-post build writes, timed on one
/// thread with bare system calls: the part of a build's time no generator can save.
struct FileSystemFloor {
    /// CPU time, in seconds, to make one folder per post in one parent.
    var folders: Double
    /// CPU time to create, fill and close one file of the page's size in each folder.
    var files: Double
    /// CPU time to open each of those files again, write a build id (16 bytes) into it and close it.
    var buildIDs: Double
    /// Wall time, in seconds, for what a one-post rebuild cannot skip, on two threads (each
    /// taking every other post): the status of each source (changed or not), and of each
    /// page's folder (a file put in or taken out by hand?), and each page opened, its status
    /// read (changed by hand?), a build id written into it, closed. Paths are relative to
    /// open folders, as owl-site opens them.
    var rebuild: Double

    /// Measures `count` posts of `pageSize` bytes in a new folder `root`, which it leaves
    /// behind; their sources are `content/posts/post-NNNNN.md` in `site`.
    init(count: Int, pageSize: Int, in root: URL, sourcesOf site: URL) throws {
        let posts = root.appendingPathComponent("posts").path
        try FileManager.default.createDirectory(atPath: posts, withIntermediateDirectories: true)
        let folderPaths = (1...count).map { String(format: "%@/post-%05d", posts, $0) }
        let filePaths = folderPaths.map { $0 + "/index.html" }
        let page = [UInt8](repeating: UInt8(ascii: "a"), count: pageSize)
        let id = [UInt8]("0123456789abcdef".utf8)

        folders = try Self.cpuSeconds {
            for path in folderPaths where mkdir(path, 0o755) != 0 { throw Self.cannotWrite(path) }
        }
        files = try Self.cpuSeconds {
            for path in filePaths {
                let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
                guard descriptor >= 0 else { throw Self.cannotWrite(path) }
                defer { close(descriptor) }
                guard write(descriptor, page, page.count) == page.count else { throw Self.cannotWrite(path) }
            }
        }
        buildIDs = try Self.cpuSeconds {
            for path in filePaths {
                let descriptor = open(path, O_WRONLY | O_CLOEXEC)
                guard descriptor >= 0 else { throw Self.cannotWrite(path) }
                defer { close(descriptor) }
                guard pwrite(descriptor, id, id.count, off_t(pageSize / 2)) == id.count else { throw Self.cannotWrite(path) }
            }
        }
        let content = open(site.appendingPathComponent("content").path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        let output = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(content); close(output) }
        guard content >= 0, output >= 0 else { throw Self.cannotWrite(root.path) }
        let names = (1...count).map { String(format: "posts/post-%05d", $0) }
        let failures = Mutex(0)
        let start = BenchClock.wall()
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            let mine = stride(from: half, to: names.count, by: 2).map { names[$0] }
            var status = stat()
            var failed = mine.count { fstatat(content, $0 + ".md", &status, 0) != 0 } + mine.count { fstatat(output, $0, &status, 0) != 0 }
            for name in mine {
                let descriptor = openat(output, name + "/index.html", O_WRONLY | O_CLOEXEC)
                guard descriptor >= 0 else { failed += 1; continue }
                if fstat(descriptor, &status) != 0 || pwrite(descriptor, id, id.count, off_t(pageSize / 2)) != id.count { failed += 1 }
                close(descriptor)
            }
            failures.withLock { $0 += failed }
        }
        rebuild = (BenchClock.wall() - start) / 1000
        if failures.withLock({ $0 }) > 0 { throw Self.cannotWrite(root.path) }
    }

    /// This thread's CPU time for `work`, in seconds.
    private static func cpuSeconds(_ work: () throws -> Void) throws -> Double {
        let start = BenchClock.cpu()
        try work()
        return (BenchClock.cpu() - start) / 1000
    }

    private static func cannotWrite(_ path: String) -> BuildBenchmarks.BenchError {
        BuildBenchmarks.BenchError("cannot write \(path): \(String(cString: strerror(errno)))")
    }
}
