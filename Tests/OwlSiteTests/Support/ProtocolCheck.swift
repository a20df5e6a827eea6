import Foundation
import Testing
@testable import OwlSite

/// Checks a build folder against the page-version protocol (docs/patch-format.md): every
/// page's meta names its key (from its path) and its version (the hash of its bytes with the
/// version blanked); each page's state file (that of its group) names that version; each
/// version in a page's `from` has its patch, whose fields match its name; and no other state
/// file, state or patch is there. Returns the problems found.
enum ProtocolCheck {
    /// A page's state, as its state file gives it.
    struct State: Equatable {
        var page: String
        var version: String
        var from: [String]
    }

    static func problems(in output: URL) throws -> [String] {
        var problems: [String] = []
        var expectedStates: Set<String> = [], expectedPatches: Set<String> = []
        // How many pages found their state in each state file: it holds no other.
        var statedPages: [String: Int] = [:]
        var stateFiles = StateFiles()
        for file in BuildFolder.regularFiles(in: output.path) where file.hasSuffix(".html") {
            let bytes = try [UInt8](Data(contentsOf: output.appendingPathComponent(file)))
            guard let found = PageScanner.keyAndVersion(in: bytes) else { continue }
            let path = file == "index.html" || file.hasSuffix("/index.html") ? "/" + file.dropLast("index.html".count) : "/" + file
            var blanked = bytes
            blanked.replaceSubrange(found.versionOffset..<(found.versionOffset + 16), with: PageVersion.blankVersion)
            if found.key != PageVersion.key(ofPath: path) { problems.append("\(file): key is not that of \(path)") }
            if found.version != PageVersion.version(ofBlanked: blanked) { problems.append("\(file): version is not the hash of its bytes") }
            let stateFile = StateFile.path(ofKey: found.key)
            expectedStates.insert(stateFile)
            guard let group = stateFiles.read(stateFile, in: output) else {
                problems.append("\(path): no readable state file \(stateFile)")
                continue
            }
            statedPages[stateFile, default: 0] += 1
            guard let entry = group.entries[found.key] else {
                problems.append("\(stateFile): no state of \(path)")
                continue
            }
            let state = State(entry)
            if state.page != path || state.version != PageVersion.hex(found.version) {
                problems.append("\(stateFile): \(state) does not name \(path) at its version")
            }
            if Set(state.from).count != state.from.count || state.from.contains(state.version) { problems.append("\(stateFile): from repeats a version") }
            for from in state.from {
                guard let older = PageVersion.parse(from) else { problems.append("\(stateFile): bad version \(from)"); continue }
                let patchFile = PageVersion.patchFile(key: found.key, from: older, to: found.version)
                expectedPatches.insert(patchFile)
                guard let data = FileManager.default.contents(atPath: output.appendingPathComponent(patchFile).path),
                      let patch = try? JSONDecoder().decode(PatchFile.self, from: data) else {
                    problems.append("\(path): no readable patch \(patchFile)")
                    continue
                }
                if patch.format != "owl-patch" || patch.version != 2 || patch.page != path || patch.from != from || patch.to != state.version {
                    problems.append("\(patchFile): fields do not match its name")
                }
            }
        }
        let reserved = SitePath.reservedFolder
        for file in BuildFolder.regularFiles(in: output.path) {
            if file.hasPrefix("\(reserved)/pages/") {
                guard expectedStates.contains(file) else {
                    problems.append("\(file): a state file of no page")
                    continue
                }
                guard let group = stateFiles.read(file, in: output), let bytes = stateFiles.bytes[file] else { continue }
                if group.entries.count != statedPages[file] { problems.append("\(file): names pages the build does not have") }
                if bytes != group.bytes() { problems.append("\(file): not as the build writes a state file (order, spacing)") }
            }
            if file.hasPrefix("\(reserved)/patches/"), !expectedPatches.contains(file) { problems.append("\(file): a patch no state file names") }
        }
        return problems
    }

    /// The state of the page at `path` in `output`, from its state file.
    static func state(of path: String, in output: URL) throws -> State {
        let key = PageVersion.key(ofPath: path)
        let file = try StateFile(decoding: Data(contentsOf: output.appendingPathComponent(StateFile.path(ofKey: key))))
        return try State(#require(file.entries[key], "\(path) has no state"))
    }
}

/// The state files of a build folder, each read and decoded once.
private struct StateFiles {
    /// Each file's bytes, by path below the folder, when it could be read.
    private(set) var bytes: [String: [UInt8]] = [:]
    private var decoded: [String: StateFile?] = [:]

    /// The state file at `path` below `output`; nil when it cannot be read or decoded.
    mutating func read(_ path: String, in output: URL) -> StateFile? {
        if let file = decoded[path] { return file }
        let data = FileManager.default.contents(atPath: output.appendingPathComponent(path).path)
        if let data { bytes[path] = [UInt8](data) }
        let file = data.flatMap { try? StateFile(decoding: $0) }
        decoded[path] = file
        return file
    }
}

extension ProtocolCheck.State {
    /// `entry` as its state file writes it.
    init(_ entry: StateFile.Entry) {
        self.init(page: entry.page, version: PageVersion.hex(entry.version), from: entry.from.map(PageVersion.hex))
    }
}
