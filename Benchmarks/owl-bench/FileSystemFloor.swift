import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The file-system floor of a cold build: the wall time to make the folders and files a real
/// build wrote, with the same bytes, by bare system calls on both cores. No generator can
/// write its output faster on this machine; a cold build's time is read as a ratio to it.
///
/// The calls are those a build cannot do without, relative to one open folder as owl-site
/// opens its files: `mkdirat` for each folder, then `openat` (create, exclusive), `write`
/// and `close` for each file. Two threads split the work, taking every other folder at
/// each depth (parents exist before their children) and then every other file.
enum FileSystemFloor {
    /// Makes `tree` in the new folder `destination` (which must not exist; it is left
    /// behind) and returns the wall time, in seconds, from the first folder to the last file.
    static func make(_ tree: BuildTree, in destination: String) throws -> Double {
        guard mkdir(destination, 0o755) == 0 else { throw cannotWrite(destination) }
        let root = open(destination, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { throw cannotWrite(destination) }
        defer { close(root) }
        let depths = Dictionary(grouping: tree.folders) { $0.utf8.count { $0 == UInt8(ascii: "/") } }
        let failure = Mutex<String?>(nil)

        let start = BenchClock.wall()
        for depth in depths.keys.sorted() {
            let folders = depths[depth]!
            onBothCores(count: folders.count, failure: failure) { index in
                mkdirat(root, folders[index], 0o755) == 0 ? nil : failed(folders[index])
            }
        }
        onBothCores(count: tree.files.count, failure: failure) { index in
            let (path, bytes) = tree.files[index]
            let descriptor = openat(root, path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { return failed(path) }
            defer { close(descriptor) }
            return writeAll(bytes, to: descriptor) ? nil : failed(path)
        }
        let seconds = (BenchClock.wall() - start) / 1000

        if let message = failure.withLock({ $0 }) { throw BuildBenchmarks.BenchError("cannot write \(destination)/\(message)") }
        return seconds
    }

    /// Runs `work` for each index below `count` on two threads, each taking every other
    /// index; `work` returns what failed, if anything, and `failure` keeps the first.
    private static func onBothCores(count: Int, failure: borrowing Mutex<String?>, _ work: @Sendable (Int) -> String?) {
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            for index in stride(from: half, to: count, by: 2) {
                if let message = work(index) { failure.withLock { $0 = $0 ?? message } }
            }
        }
    }

    /// Writes all of `bytes`, however many calls it takes.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    /// `path` and the reason the last call failed, on the thread that made it.
    private static func failed(_ path: String) -> String {
        path + ": " + String(cString: strerror(errno))
    }

    private static func cannotWrite(_ path: String) -> BuildBenchmarks.BenchError {
        BuildBenchmarks.BenchError("cannot write \(path): \(String(cString: strerror(errno)))")
    }
}
