import Foundation

/// The manifests of recent builds, kept under `_owl/history/BUILD.json`, newest first in
/// `_owl/history/index.json`.
struct BuildHistory {
    static let folder = "\(SitePath.reservedFolder)/history"

    /// Build ids, newest first.
    var builds: [String]

    /// The history kept in the output folder `output` (empty when there is none or it is unreadable).
    init(reading output: URL?) {
        builds = []
        guard let output,
              let data = FileManager.default.contents(atPath: output.appendingPathComponent("\(Self.folder)/index.json").path),
              let index = try? JSONDecoder().decode(Index.self, from: data) else { return }
        builds = index.builds.filter { build in
            BuildManifest.isBuildID(build) && FileManager.default.fileExists(atPath: output.appendingPathComponent(Self.path(of: build)).path)
        }
    }

    /// The history after `build`: it comes first, followed by at most `earlier` of the
    /// builds before it; the oldest fall off.
    func adding(_ build: String, keepingEarlier earlier: Int) -> BuildHistory {
        var next = self
        next.builds = Array(([build] + builds.filter { $0 != build }).prefix(earlier + 1))
        return next
    }

    /// The kept builds before the newest one, newest first.
    var earlier: ArraySlice<String> { builds.dropFirst() }

    /// The path of `build`'s manifest below the output folder.
    static func path(of build: String) -> String { "\(folder)/\(build).json" }

    /// The history's files, by path below the output folder: the newest build's `manifest`,
    /// and the earlier ones as the previous output (described by `previous`, when known) has them.
    func files(manifest: OutputFile, previousOutput: URL?, previous: BuildRecord?) throws -> [String: OutputFile] {
        var files: [String: OutputFile] = [:]
        for (number, build) in builds.enumerated() {
            let path = Self.path(of: build)
            if number == 0 {
                files[path] = manifest
            } else if let record = previous?.file(path) {
                files[path] = OutputFile(previous: path, record)
            } else if let previousOutput, let data = FileManager.default.contents(atPath: previousOutput.appendingPathComponent(path).path) {
                files[path] = OutputFile([UInt8](data))
            }
        }
        files["\(Self.folder)/index.json"] = OutputFile(Array((try? JSONEncoder().encode(Index(builds: builds))) ?? Data()))
        return files
    }

    private struct Index: Codable { var builds: [String] }
}
