import Foundation

/// The manifests of recent builds, kept under `_owl/history/BUILD.json`, newest first in
/// `_owl/history/index.json`.
struct BuildHistory {
    static let folder = "_owl/history"

    /// Build ids, newest first.
    var builds: [String]
    /// Manifest bytes by build id.
    var manifests: [String: [UInt8]]

    /// The history kept in the output folder `output` (empty when there is none or it is unreadable).
    init(reading output: URL?) {
        builds = []
        manifests = [:]
        guard let output else { return }
        let folder = output.appendingPathComponent(Self.folder)
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("index.json").path),
              let index = try? JSONDecoder().decode(Index.self, from: data) else { return }
        for build in index.builds where Self.isBuildID(build) {
            if let manifest = FileManager.default.contents(atPath: folder.appendingPathComponent("\(build).json").path) {
                builds.append(build)
                manifests[build] = [UInt8](manifest)
            }
        }
    }

    /// The history after `build` with `manifest`: it comes first, followed by at most
    /// `earlier` of the builds before it; the oldest fall off.
    func adding(_ build: String, manifest: [UInt8], keepingEarlier earlier: Int) -> BuildHistory {
        var next = self
        next.builds = Array(([build] + builds.filter { $0 != build }).prefix(earlier + 1))
        next.manifests = next.builds.reduce(into: [:]) { $0[$1] = $1 == build ? manifest : manifests[$1] }
        return next
    }

    /// The manifests of the kept builds before the newest one, newest first.
    var earlierManifests: [[UInt8]] {
        builds.dropFirst().compactMap { manifests[$0] }
    }

    /// The history's files, by path below the output folder.
    var files: [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for build in builds { files["\(Self.folder)/\(build).json"] = manifests[build] }
        files["\(Self.folder)/index.json"] = Array((try? JSONEncoder().encode(Index(builds: builds))) ?? Data())
        return files
    }

    private struct Index: Codable { var builds: [String] }

    private static func isBuildID(_ text: String) -> Bool {
        text.count == 16 && text.allSatisfy(\.isHexDigit)
    }
}
