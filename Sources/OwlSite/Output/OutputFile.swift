import Foundation
import Owl

/// One file of a build's output, identified by the hash of its bytes with the build id
/// blanked, so that a file that did not change can be left where it is.
struct OutputFile: Sendable {
    /// Where the bytes come from.
    enum Content: Sendable {
        /// The bytes, any build id in them blanked.
        case bytes([UInt8])
        /// The same bytes as the file at this path of the previous build's output.
        case previous(String)
    }

    var content: Content
    /// Hash of the bytes with the build id blanked (``XXH64``).
    var hash: UInt64
    var size: Int
    /// Where the blanked build id sits.
    var buildIDOffsets: [Int]

    /// A file of `bytes` (build id blanked at `buildIDOffsets`).
    init(_ bytes: [UInt8], buildIDOffsets: [Int] = []) {
        content = .bytes(bytes)
        hash = XXH64.hash(bytes)
        size = bytes.count
        self.buildIDOffsets = buildIDOffsets
    }

    /// A file of the previous build, at `path` of its output, as `record` describes it.
    init(previous path: String, _ record: BuildRecord.File) {
        content = .previous(path)
        hash = record.hash
        size = record.size
        buildIDOffsets = record.buildIDOffsets
    }

    /// What a build record keeps of the file.
    var record: BuildRecord.File {
        BuildRecord.File(hash: hash, size: size, buildIDOffsets: buildIDOffsets)
    }
}

extension OutputFile {
    /// The previous build's output no longer holds what its record says (it was changed by
    /// hand): the build is made again, rendering every page instead of reusing that output's.
    struct PreviousOutputChanged: Error {
        var path: String
    }

    /// The file's bytes with `buildID` written over the blanked one; a file of the previous
    /// build is read from `previousOutput`.
    func bytes(buildID: String, previousOutput: URL?) throws -> [UInt8] {
        var bytes: [UInt8]
        switch content {
        case let .bytes(own):
            bytes = own
        case let .previous(path):
            guard let previousOutput, let previous = SourceText.contents(ofFile: previousOutput.path + "/" + path),
                  previous.count == size else { throw PreviousOutputChanged(path: path) }
            bytes = previous
            write(RenderedPage.buildIDToken, into: &bytes)
            guard XXH64.hash(bytes) == hash else { throw PreviousOutputChanged(path: path) }
        }
        write(buildID, into: &bytes)
        return bytes
    }

    /// Writes `id` (16 bytes) at the build id's offsets.
    private func write(_ id: String, into bytes: inout [UInt8]) {
        let id = Array(id.utf8)
        for offset in buildIDOffsets where offset >= 0 && offset + id.count <= bytes.count {
            bytes.replaceSubrange(offset..<(offset + id.count), with: id)
        }
    }
}
