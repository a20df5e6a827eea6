import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a build into a temporary folder beside the output, flushes it to disk and swaps it in,
/// so that a failed or killed build leaves the previous output complete.
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

    /// Writes `files` (path below the output → bytes) and puts them in place of the output.
    func write(_ files: [String: [UInt8]]) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        restoreInterruptedSwap()
        for leftover in leftovers(kind: "new") + leftovers(kind: "old") { try? manager.removeItem(at: leftover) }
        let staging = parent.appendingPathComponent("\(stagingPrefix)new-\(getpid())")
        try? manager.removeItem(at: staging)
        try manager.createDirectory(at: staging, withIntermediateDirectories: true)
        do {
            try writeFiles(files, into: staging)
            try flush(staging)
            try swap(in: staging)
        } catch {
            try? manager.removeItem(at: staging)
            throw error
        }
    }

    private func writeFiles(_ files: [String: [UInt8]], into folder: URL) throws {
        var folders = Set<String>()
        for path in files.keys {
            var directory = (path as NSString).deletingLastPathComponent
            while !directory.isEmpty, folders.insert(directory).inserted {
                directory = (directory as NSString).deletingLastPathComponent
            }
        }
        for directory in folders.sorted() {
            guard mkdir(folder.path + "/" + directory, 0o755) == 0 || errno == EEXIST else {
                throw SiteError(file: output.path, "cannot create folder \(directory): \(String(cString: strerror(errno)))")
            }
        }
        let root = folder.path
        _ = try Array(files).concurrentMap { path, bytes in
            let descriptor = open(root + "/" + path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw SiteError(file: path, "cannot write: \(String(cString: strerror(errno)))") }
            defer { close(descriptor) }
            var written = 0
            while written < bytes.count {
                let result = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, bytes.count - written) }
                guard result > 0 else { throw SiteError(file: path, "cannot write: \(String(cString: strerror(errno)))") }
                written += result
            }
        }
    }

    /// Flushes the staging folder's file system, so the swap never exposes unwritten files.
    private func flush(_ folder: URL) throws {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SiteError(file: folder.path, "cannot open the build folder") }
        defer { close(descriptor) }
        guard Self.syncFileSystem(descriptor) == 0 else { throw SiteError(file: folder.path, "cannot flush the build to disk") }
    }

    /// Linux `syncfs(2)` (one call for the whole file system), or `sync(2)` where it is missing.
    private static let syncFileSystem: @Sendable (Int32) -> Int32 = {
        typealias SyncFS = @convention(c) (Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") else {
            return { _ in sync(); return 0 }
        }
        let function = unsafeBitCast(symbol, to: SyncFS.self)
        return { function($0) }
    }()

    /// Moves the output aside, moves the staging folder in, and deletes the old output.
    private func swap(in staging: URL) throws {
        let aside = parent.appendingPathComponent("\(stagingPrefix)old-\(getpid())")
        let hadOutput = FileManager.default.fileExists(atPath: output.path)
        if hadOutput, rename(output.path, aside.path) != 0 {
            throw SiteError(file: output.path, "cannot move the previous output aside: \(String(cString: strerror(errno)))")
        }
        guard rename(staging.path, output.path) == 0 else {
            let reason = String(cString: strerror(errno))
            if hadOutput { _ = rename(aside.path, output.path) }
            throw SiteError(file: output.path, "cannot move the new output in place: \(reason)")
        }
        if hadOutput { try? FileManager.default.removeItem(at: aside) }
    }

    /// A build killed between its two renames leaves no output but the old one aside: put it back.
    private func restoreInterruptedSwap() {
        guard !FileManager.default.fileExists(atPath: output.path), let old = leftovers(kind: "old").first else { return }
        _ = rename(old.path, output.path)
    }

    private func leftovers(kind: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        return names.filter { $0.hasPrefix("\(stagingPrefix)\(kind)-") }.sorted().map { parent.appendingPathComponent($0) }
    }
}
