import Foundation
import Owl
#if canImport(Glibc)
import Glibc
#endif

/// A build's output folder, read page by page: every HTML file that carries an `owl-page`
/// meta is a page, read back into its version and manifest entry from its own DOM markers
/// (``PageScanner``); every other file is compared by its bytes. No file of the build but its
/// pages is needed, so any two build folders can be compared.
public struct BuildFolder: Sendable {
    /// The folder.
    public let url: URL
    /// The pages by path below the site root (`/`, `/posts/hello/`, `/404.html`).
    public let pages: [String: BuildDiff.Page]
    /// The other files' hashes by path below the folder, but for the pages' state files and
    /// patches, which follow from the pages.
    public let otherFiles: [String: UInt64]

    /// Reads the build in `url`.
    public init(_ url: URL) throws(BuildDiffError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .folder(path: url.path, reason: "no such folder")
        }
        guard AtomicOutput.holdsBuild(url) else {
            throw .folder(path: url.path, reason: "no build of owl-site here (no \(SitePath.reservedFolder)/ folder): is this a build folder?")
        }
        var pages: [String: BuildDiff.Page] = [:]
        var otherFiles: [String: UInt64] = [:]
        for file in Self.regularFiles(in: url.path) {
            guard let bytes = FileWriter.regularFileContents(url.path + "/" + file) else {
                throw .pageFile(path: url.appendingPathComponent(file).path, reason: "unreadable")
            }
            if file.hasSuffix(".html"), PageScanner.keyAndVersion(in: bytes) != nil {
                let path = file == "index.html" || file.hasSuffix("/index.html") ? "/" + file.dropLast("index.html".count) : "/" + file
                let (version, manifest) = PageScanner.page(file: file, bytes: bytes)
                pages[path] = BuildDiff.Page(version: version, manifest: manifest, bytes: bytes)
            } else if !file.hasPrefix(Self.pagesFolder), !file.hasPrefix(Self.patchesFolder) {
                otherFiles[file] = XXH64.hash(bytes)
            }
        }
        guard !pages.isEmpty else { throw .folder(path: url.path, reason: "no page carries an owl-page version (is this a build folder?)") }
        self.url = url
        self.pages = pages
        self.otherFiles = otherFiles
    }

    private static let pagesFolder = "\(SitePath.reservedFolder)/pages/"
    private static let patchesFolder = "\(SitePath.reservedFolder)/patches/"

    /// The regular files below `root`, by path below it; links and other kinds are left out.
    static func regularFiles(in root: String, below relative: String = "") -> [String] {
        guard let directory = opendir(relative.isEmpty ? root : root + "/" + relative) else { return [] }
        var entries: [(name: String, type: UInt8)] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            if name != ".", name != ".." { entries.append((name, entry.pointee.d_type)) }
        }
        closedir(directory)
        var files: [String] = []
        for (name, type) in entries.sorted(by: { $0.name < $1.name }) {
            let path = relative.isEmpty ? name : relative + "/" + name
            var kind = type
            if kind == UInt8(DT_UNKNOWN) {
                var status = stat()
                guard lstat(root + "/" + path, &status) == 0 else { continue }
                kind = status.st_mode & S_IFMT == S_IFDIR ? UInt8(DT_DIR) : status.st_mode & S_IFMT == S_IFREG ? UInt8(DT_REG) : 0
            }
            if kind == UInt8(DT_DIR) {
                files += regularFiles(in: root, below: path)
            } else if kind == UInt8(DT_REG) {
                files.append(path)
            }
        }
        return files
    }

    /// Writes `diff`'s patches into the folder, with the state files that name them: a
    /// visitor holding a page of the older build then animates to this one. Builds into
    /// the folder take turns with the write (through their lock); a page whose version
    /// changed since the folder was read (built again) gets no patch. Returns the files written.
    @discardableResult
    public func write(_ diff: BuildDiff) throws(BuildDiffError) -> [URL] {
        let lock: OutputLock
        do {
            lock = try OutputLock(output: url) {}
        } catch {
            throw .patchFile(path: url.path, reason: SiteError.reason(of: error))
        }
        defer { lock.release() }
        var written: [URL] = []
        // The state files changed, by path below the folder, each read once and written once
        // all its pages' patches are in.
        var states: [String: StateFile] = [:]
        for patch in diff.patches {
            guard let page = pages[patch.page], let version = page.version, PageVersion.hex(version) == patch.to else { continue }
            let current = FileWriter.regularFileContents(url.path + "/" + page.manifest.file).flatMap(PageScanner.keyAndVersion(in:))
            guard current?.version == version, let from = PageVersion.parse(patch.from) else {
                throw .patchFile(path: url.appendingPathComponent(patch.path).path,
                                 reason: "the folder holds another version of \(patch.page) than the one compared (built again since): compare again")
            }
            let key = PageVersion.key(ofPath: patch.page)
            let statePath = StateFile.path(ofKey: key)
            // A state file that does not read back is written anew with the pages patched
            // here: a visitor on another page of its group then loads that page again.
            var state = states[statePath]
                ?? (try? StateFile(decoding: Data(contentsOf: url.appendingPathComponent(statePath)))) ?? StateFile()
            // The versions the state file already names a patch from, when it names this version.
            let older = state.entries[key].flatMap { $0.version == version ? $0.from : nil } ?? []
            state.entries[key] = StateFile.Entry(page: patch.page, version: version, from: [from] + older.filter { $0 != from })
            states[statePath] = state
            let patchURL = url.appendingPathComponent(patch.path)
            do {
                try FileManager.default.createDirectory(at: patchURL.deletingLastPathComponent(), withIntermediateDirectories: true)
                try patch.json().write(to: patchURL, options: .atomic)
            } catch {
                throw .patchFile(path: patchURL.path, reason: SiteError.reason(of: error))
            }
            written.append(patchURL)
        }
        for (path, state) in states.sorted(by: { $0.key < $1.key }) {
            let stateURL = url.appendingPathComponent(path)
            do {
                try FileManager.default.createDirectory(at: stateURL.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(state.bytes()).write(to: stateURL, options: .atomic)
            } catch {
                throw .patchFile(path: stateURL.path, reason: SiteError.reason(of: error))
            }
            written.append(stateURL)
        }
        return written
    }
}

extension BuildDiff {
    /// Compares the build in `old` with the build in `new`.
    public init(from old: BuildFolder, to new: BuildFolder) throws {
        let paths = Set(old.otherFiles.keys).union(new.otherFiles.keys).filter { old.otherFiles[$0] != new.otherFiles[$0] }
        try self.init(from: old.pages, to: new.pages, otherFiles: paths.sorted())
    }
}

