import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What the file system alone takes for what a one-post rebuild cannot skip, by bare system
/// calls on two threads (each taking every other post): the status of each source (changed
/// or not) and of each page's folder (a file put in or taken out by hand?), and each page
/// opened, its status read (changed by hand?), a build id (16 bytes) written into it, and
/// closed. Paths are relative to open folders, as owl-site opens them.
enum RebuildFloor {
    /// The wall time, in seconds, for `count` posts whose sources are
    /// `content/posts/post-NNNNN.md` in `site` and whose pages are `posts/post-NNNNN/index.html`
    /// in `output` (which it writes into).
    static func measure(count: Int, site: URL, output: String) throws -> Double {
        let content = open(site.appendingPathComponent("content").path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        let pages = open(output, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(content); close(pages) }
        guard content >= 0, pages >= 0 else { throw BuildBenchmarks.BenchError("cannot open \(site.path)/content or \(output)") }
        let names = (1...count).map { String(format: "posts/post-%05d", $0) }
        let id = [UInt8]("0123456789abcdef".utf8)
        let failures = Mutex(0)
        let start = BenchClock.wall()
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            let mine = stride(from: half, to: names.count, by: 2).map { names[$0] }
            var status = stat()
            var failed = mine.count { fstatat(content, $0 + ".md", &status, 0) != 0 } + mine.count { fstatat(pages, $0, &status, 0) != 0 }
            for name in mine {
                let descriptor = openat(pages, name + "/index.html", O_WRONLY | O_CLOEXEC)
                guard descriptor >= 0 else { failed += 1; continue }
                if fstat(descriptor, &status) != 0 || pwrite(descriptor, id, id.count, off_t(status.st_size / 2)) != id.count { failed += 1 }
                close(descriptor)
            }
            failures.withLock { $0 += failed }
        }
        let seconds = (BenchClock.wall() - start) / 1000
        if failures.withLock({ $0 }) > 0 { throw BuildBenchmarks.BenchError("cannot stat or write the pages in \(output)") }
        return seconds
    }
}
