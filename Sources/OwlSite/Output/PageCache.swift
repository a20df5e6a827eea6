import Foundation

/// What each page of the previous build was made from, kept in `.owl-cache/pages.bin`: a
/// page whose inputs hash the same is taken from the previous output (its build id blanked
/// again) instead of being rendered.
final class PageCache: @unchecked Sendable {
    /// A page of the previous build.
    struct Entry {
        var key: UInt64
        var buildIDOffsets: [Int]
        var manifest: ManifestPage
    }

    private static let formatVersion = 1
    private let file: URL?
    private let previousBuild: String?
    private let previousOutput: URL?
    private var entries: [String: Entry] = [:]

    /// The cache in `folder` (nil: none), valid only for pages of `previousOutput` whose
    /// build is the one the cache was written for.
    init(folder: URL?, previousOutput: URL?) {
        file = folder?.appendingPathComponent("pages.bin")
        self.previousOutput = previousOutput
        guard let file, let previousOutput, let data = FileManager.default.contents(atPath: file.path) else {
            previousBuild = nil
            return
        }
        var input = BinaryReader([UInt8](data))
        guard let (build, entries) = try? Self.decode(&input),
              let manifest = FileManager.default.contents(atPath: previousOutput.appendingPathComponent("_owl/build.json").path),
              String(decoding: manifest.prefix(80), as: UTF8.self).contains("\"build\":\"\(build)\"") else {
            previousBuild = nil
            return
        }
        previousBuild = build
        self.entries = entries
    }

    /// The previous build's page at `path`, when its inputs hashed to `key` and its file is intact.
    func reuse(_ path: String, key: UInt64) -> RenderedPage? {
        guard let previousBuild, let previousOutput, let entry = entries[path], entry.key == key,
              var bytes = FileManager.default.contents(atPath: previousOutput.appendingPathComponent(entry.manifest.file).path).map({ [UInt8]($0) })
        else { return nil }
        let id = Array(previousBuild.utf8), token = Array(RenderedPage.buildIDToken.utf8)
        for offset in entry.buildIDOffsets {
            guard offset + id.count <= bytes.count, bytes[offset..<(offset + id.count)].elementsEqual(id) else { return nil }
            bytes.replaceSubrange(offset..<(offset + id.count), with: token)
        }
        return RenderedPage(path: path, bytes: bytes, manifest: entry.manifest, buildIDOffsets: entry.buildIDOffsets)
    }

    /// Records the pages of the build `build` with their input keys.
    func save(build: String, pages: [RenderedPage], keys: [UInt64]) {
        guard let file else { return }
        var out = BinaryWriter()
        out.int(Self.formatVersion)
        out.string(build)
        out.int(pages.count)
        for (page, key) in zip(pages, keys) {
            out.string(page.path)
            out.int(Int(bitPattern: UInt(key)))
            out.int(page.buildIDOffsets.count)
            for offset in page.buildIDOffsets { out.int(offset) }
            page.manifest.write(to: &out)
        }
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(out.bytes).write(to: file, options: .atomic)
    }

    private static func decode(_ input: inout BinaryReader) throws -> (String, [String: Entry]) {
        guard try input.int() == formatVersion else { throw BinaryReader.Malformed() }
        let build = try input.string()
        var entries: [String: Entry] = [:]
        for _ in 0..<(try input.count()) {
            let path = try input.string()
            let key = UInt64(UInt(bitPattern: try input.int()))
            let offsets = try (0..<input.count()).map { _ in try input.int() }
            entries[path] = Entry(key: key, buildIDOffsets: offsets, manifest: try ManifestPage(from: &input))
        }
        guard input.isAtEnd else { throw BinaryReader.Malformed() }
        return (build, entries)
    }
}
