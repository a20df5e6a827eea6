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
    ///
    /// The output replaced by the previous build is kept aside as a spare and becomes this
    /// build's staging folder: files are rewritten in place and extras deleted, which spares
    /// the file system from allocating (and later freeing) an inode per page on every build.
    func write(_ files: [String: [UInt8]]) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        restoreInterruptedSwap()
        let staging = parent.appendingPathComponent("\(stagingPrefix)new-\(getpid())")
        try prepare(staging)
        do {
            try prune(staging, keeping: files)
            try writeFiles(files, into: staging)
            try flush(staging)
            try swap(in: staging)
        } catch {
            if rename(staging.path, parent.appendingPathComponent("\(stagingPrefix)spare").path) != 0 {
                try? manager.removeItem(at: staging)
            }
            throw error
        }
    }

    /// Makes `staging` from the spare (or a killed build's leftovers), or as a new folder.
    private func prepare(_ staging: URL) throws {
        var candidates = leftovers(kind: "spare") + leftovers(kind: "new") + leftovers(kind: "old")
        if let reusable = candidates.first, rename(reusable.path, staging.path) == 0 {
            candidates.removeFirst()
        } else {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        }
        for leftover in candidates { try? FileManager.default.removeItem(at: leftover) }
    }

    /// Deletes everything in `folder` that is not one of `files` or a folder holding one.
    private func prune(_ folder: URL, keeping files: [String: [UInt8]]) throws {
        try prune(root: folder.path, relative: "", files: files, folders: Self.folders(of: files.keys))
    }

    private func prune(root: String, relative: String, files: [String: [UInt8]], folders: Set<String>) throws {
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
                try FileManager.default.removeItem(atPath: root + "/" + path)
            }
        }
    }

    /// Every folder that holds one of `paths`, parents included.
    private static func folders(of paths: some Sequence<String>) -> Set<String> {
        var folders = Set<String>()
        for path in paths {
            var directory = (path as NSString).deletingLastPathComponent
            while !directory.isEmpty, folders.insert(directory).inserted {
                directory = (directory as NSString).deletingLastPathComponent
            }
        }
        return folders
    }

    private func writeFiles(_ files: [String: [UInt8]], into folder: URL) throws {
        for directory in Self.folders(of: files.keys).sorted() {
            guard mkdir(folder.path + "/" + directory, 0o755) == 0 || errno == EEXIST else {
                throw SiteError(file: output.path, "cannot create folder \(directory): \(String(cString: strerror(errno)))")
            }
        }
        let root = folder.path
        _ = try Array(files).concurrentMap { path, bytes in
            // Overwritten in place and cut to length, not truncated first: truncating a file to
            // zero makes ext4 write it back on close, which made rewriting a site I/O-bound.
            let descriptor = open(root + "/" + path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw SiteError(file: path, "cannot write: \(String(cString: strerror(errno)))") }
            defer { close(descriptor) }
            var written = 0
            while written < bytes.count {
                let result = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, bytes.count - written) }
                guard result > 0 else { throw SiteError(file: path, "cannot write: \(String(cString: strerror(errno)))") }
                written += result
            }
            guard ftruncate(descriptor, off_t(bytes.count)) == 0 else {
                throw SiteError(file: path, "cannot write: \(String(cString: strerror(errno)))")
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

    /// Puts `staging` in place of the output. Where the system allows, the two folders are
    /// exchanged in one step and the output never goes missing, not even for a server
    /// reading it; otherwise the output is moved aside first.
    private func swap(in staging: URL) throws {
        let spare = parent.appendingPathComponent("\(stagingPrefix)spare").path
        let hadOutput = FileManager.default.fileExists(atPath: output.path)
        if hadOutput, AtomicExchange.exchange(staging.path, output.path) {
            if rename(staging.path, spare) != 0 { try? FileManager.default.removeItem(at: staging) }
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
        if hadOutput, rename(aside.path, spare) != 0 {
            try? FileManager.default.removeItem(at: aside)
        }
    }

    /// A build killed between its two renames leaves no output but the old one aside: put it back.
    private func restoreInterruptedSwap() {
        guard !FileManager.default.fileExists(atPath: output.path), let old = leftovers(kind: "old").first else { return }
        _ = rename(old.path, output.path)
    }

    private func leftovers(kind: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        return names.filter { $0 == "\(stagingPrefix)\(kind)" || $0.hasPrefix("\(stagingPrefix)\(kind)-") }.sorted()
            .map { parent.appendingPathComponent($0) }
    }
}
