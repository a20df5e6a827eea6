import Foundation
import Testing

/// A fixture site copied into a fresh temporary folder, built by the real `owl-site` binary.
struct SiteFixture {
    /// The package root, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = packageRoot.appendingPathComponent("Tests/fixtures/sites")

    /// `.build/debug/owl-site`, next to the test bundle or below the package root.
    static var binary: URL {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("owl-site")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return packageRoot.appendingPathComponent(".build/debug/owl-site")
    }

    /// The site's folder.
    let root: URL
    var output: URL { root.appendingPathComponent("public") }

    /// A copy of `Tests/fixtures/sites/NAME` (or an empty site with `nil`).
    init(_ name: String? = "basic") throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("owl-site-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.deletingLastPathComponent(), withIntermediateDirectories: true)
        if let name {
            try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(name), to: root)
        } else {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        }
    }

    /// Copies the files of the fixture folder `name` over the site.
    func overlay(_ name: String) throws {
        let folder = Self.fixtures.appendingPathComponent(name)
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            let source = folder.appendingPathComponent(path)
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: source.path, isDirectory: &isFolder)
            let target = root.appendingPathComponent(path)
            if isFolder.boolValue {
                try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            } else {
                try? FileManager.default.removeItem(at: target)
                try FileManager.default.copyItem(at: source, to: target)
            }
        }
    }

    /// Writes `text` to `path` below the site.
    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// The text of `path` below the output folder.
    func page(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    /// Runs `owl-site ARGUMENTS` in the site folder.
    @discardableResult
    func run(_ arguments: [String]) throws -> ProcessResult {
        try ProcessResult.run(Self.binary, arguments, in: root)
    }

    /// Runs `owl-site build --source SITE ARGUMENTS`.
    @discardableResult
    func build(_ arguments: [String] = []) throws -> ProcessResult {
        try run(["build", "--source", root.path] + arguments)
    }

    /// The folders builds left beside the output (`.public.owl-spare`, staging folders), not
    /// counting the lock file, which stays.
    func foldersBesideOutput() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasPrefix(".public.owl-") && $0 != ".public.owl-lock" }.sorted()
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

/// The exit status and output of a finished process.
struct ProcessResult {
    var status: Int32
    var standardOutput: String
    var standardError: String

    static func run(_ executable: URL, _ arguments: [String], in folder: URL) throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProcessResult(status: process.terminationStatus,
                             standardOutput: String(decoding: outData, as: UTF8.self),
                             standardError: String(decoding: errData, as: UTF8.self))
    }
}

/// Every file below a folder with its bytes, for comparing whole outputs.
struct FolderSnapshot: Equatable {
    var files: [String: Data]

    /// The files of `folder` (and its folders, as `PATH/` with no bytes: an empty folder
    /// left behind is a difference), leaving out paths that start with one of `excluding`.
    init(_ folder: URL, excluding: [String] = []) {
        files = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            guard !excluding.contains(where: path.hasPrefix) else { continue }
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder)
            if isFolder.boolValue {
                files[path + "/"] = Data()
            } else {
                files[path] = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path)
            }
        }
    }

    /// Paths whose bytes differ or that only one side has.
    func differences(from other: FolderSnapshot) -> [String] {
        Set(files.keys).union(other.files.keys).filter { files[$0] != other.files[$0] }.sorted()
    }
}
