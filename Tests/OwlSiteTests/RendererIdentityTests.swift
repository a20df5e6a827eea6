import Foundation
@testable import OwlSite
import Testing

/// The caches are kept for the program that made them: known by its build ID and its
/// libraries', not by where its file lies or when it was last touched.
@Suite struct RendererIdentityTests {
    /// Where the ELF file `bytes` carries its GNU build ID among its notes (a note named `GNU`
    /// of type 3, found by its header rather than through the loader; linkers put it near the
    /// start of the file).
    private func buildIDRange(inFile bytes: [UInt8]) -> Range<Int>? {
        let header: [UInt8] = [4, 0, 0, 0]  // the length of the name, "GNU\0"
        let nameAndType: [UInt8] = [3, 0, 0, 0, 0x47, 0x4E, 0x55, 0]  // type NT_GNU_BUILD_ID, the name
        var index = 8
        while index + nameAndType.count <= bytes.count {
            if bytes[index] == 3, bytes[index..<index + 8].elementsEqual(nameAndType), bytes[index - 8..<index - 4].elementsEqual(header) {
                let length = Int(bytes[index - 4]) | Int(bytes[index - 3]) << 8
                let start = index + nameAndType.count
                guard length > 0, start + length <= bytes.count else { return nil }
                return start..<start + length
            }
            index += 1
        }
        return nil
    }

    private func buildID(inFile bytes: [UInt8]) -> [UInt8]? {
        buildIDRange(inFile: bytes).map { Array(bytes[$0]) }
    }

    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    @Test func theRunningProgramIsKnownByItsBuildIDAndItsLibraries() throws {
        let objects = LoadedObjects.all()
        let program = try #require(objects.first)
        #expect(program.name.isEmpty)
        let id = try #require(program.buildID)
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/exe"))
        defer { try? handle.close() }
        let file = [UInt8](try handle.read(upToCount: 4 << 20) ?? Data())
        #expect(buildID(inFile: file) == id, "the loader's build ID is the one the file carries")
        #expect(BuildOptions.runningExecutable.hasPrefix("build \(hex(id)) libraries "))
        // The Markdown renderer is a library of its own, with its own build ID.
        let cmark = objects.first { $0.name.contains("libcmark-gfm.so") }
        #expect(cmark?.buildID?.isEmpty == false)
        #expect(!objects.contains { $0.name.hasPrefix("linux-vdso") }, "the kernel's vDSO changes with the kernel, not the renderer")
    }

    @Test func aNewProgramOrLibraryIsAnotherRenderer() throws {
        let program = LoadedObjects.Object(name: "", buildID: [1, 2, 3, 4])
        let library = LoadedObjects.Object(name: "/lib/libcmark-gfm.so.0", buildID: [5, 6, 7, 8])
        let renderer = BuildOptions.renderer(of: [program, library])
        #expect(renderer == BuildOptions.renderer(of: [program, library]))
        #expect(renderer.hasPrefix("build 01020304 libraries "))
        let others = [
            BuildOptions.renderer(of: [LoadedObjects.Object(name: "", buildID: [1, 2, 3, 5]), library]),
            BuildOptions.renderer(of: [program, LoadedObjects.Object(name: library.name, buildID: [5, 6, 7, 9])]),
            BuildOptions.renderer(of: [program, LoadedObjects.Object(name: "/lib/libcmark-gfm.so.1", buildID: library.buildID)]),
            BuildOptions.renderer(of: [program, library, LoadedObjects.Object(name: "/lib/libpreloaded.so", buildID: [9])]),
            BuildOptions.renderer(of: [program]),
        ]
        #expect(Set(others + [renderer]).count == others.count + 1)
        // A library without a build ID is known by its file: one that cannot be read, by its name alone.
        let unnamed = LoadedObjects.Object(name: "/no/such/library.so", buildID: nil)
        #expect(BuildOptions.renderer(of: [program, unnamed]) == BuildOptions.renderer(of: [program, unnamed]))
        #expect(BuildOptions.renderer(of: [program, unnamed]) != BuildOptions.renderer(of: [program]))
        // A program without one is known by its file's size, change time and inode, as before build IDs.
        let fallback = BuildOptions.renderer(of: [LoadedObjects.Object(name: "", buildID: nil), library])
        #expect(!fallback.hasPrefix("build "))
        #expect(fallback.split(separator: "-").count == 3, "\(fallback)")
    }

    /// The renderer the Markdown cache of `site` names.
    private func cachedRenderer(of site: SiteFixture) throws -> String {
        let shards = site.root.appendingPathComponent(".owl-cache/markdown")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: shards.path).first { $0.hasSuffix(".bin") })
        let text = String(decoding: try Data(contentsOf: shards.appendingPathComponent(name)), as: UTF8.self)
        let start = try #require(text.range(of: "renderer="))
        return String(text[start.upperBound...].prefix { $0 != "\0" && $0 != "\n" && $0 != "\"" })
    }

    /// The segments of page entries the records hold: a build that renders a page writes a new one.
    private func segments(of site: SiteFixture) throws -> Set<String> {
        let folder = site.root.appendingPathComponent(".owl-cache/builds")
        return Set(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".blobs") })
    }

    /// A copy, a hard link or a `chmod` of owl-site renders nothing again (as a CI job that
    /// restores `.owl-cache/` and installs owl-site afresh would have it); the same bytes
    /// with another build ID render every page again.
    @Test func aCopyOfTheSameOwlSiteKeepsTheCaches() throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let programs = FileManager.default.temporaryDirectory.appendingPathComponent("owl-site-programs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: programs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: programs) }
        let original = try [UInt8](Data(contentsOf: SiteFixture.binary))
        let id = try #require(buildID(inFile: original))

        func install(_ bytes: [UInt8], as name: String) throws -> URL {
            let url = programs.appendingPathComponent(name)
            try Data(bytes).write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
            return url
        }
        func build(with program: URL) throws {
            let result = try ProcessResult.run(program, ["build", "--source", site.root.path, "--quiet"], in: site.root)
            #expect(result.status == 0, "\(result.standardError)")
        }

        let first = try install(original, as: "owl-site")
        try build(with: first)
        let renderer = try cachedRenderer(of: site)
        #expect(renderer.hasPrefix("build \(hex(id)) libraries "), "\(renderer)")
        let segments = try segments(of: site)
        #expect(!segments.isEmpty)

        // Another file with the same bytes, made later; a hard link to it, its mode changed.
        let copy = try install(original, as: "owl-site-copy")
        try build(with: copy)
        let link = programs.appendingPathComponent("owl-site-link")
        try FileManager.default.linkItem(at: copy, to: link)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: link.path)
        try build(with: link)
        #expect(try cachedRenderer(of: site) == renderer)
        #expect(try self.segments(of: site) == segments, "no page was rendered again")

        // The same program but for its build ID, as another build of owl-site would be.
        var rebuilt = original
        rebuilt[try #require(buildIDRange(inFile: original)).lowerBound] ^= 0xFF
        let other = try install(rebuilt, as: "owl-site-other")
        try build(with: other)
        let otherRenderer = try cachedRenderer(of: site)
        #expect(otherRenderer != renderer)
        #expect(otherRenderer.hasPrefix("build \(hex([id[0] ^ 0xFF] + id.dropFirst())) libraries "), "\(otherRenderer)")
        #expect(try self.segments(of: site).subtracting(segments).count == 1, "every page was rendered again")
    }
}
