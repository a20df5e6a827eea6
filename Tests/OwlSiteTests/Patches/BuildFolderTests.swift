import Foundation
import Testing
@testable import OwlSite

@Suite("Build folders")
struct BuildFolderTests {
    private func folder(_ pair: BuildPair) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("owl-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("_owl"), withIntermediateDirectories: true)
        try JSONEncoder().encode(pair.new).write(to: url.appendingPathComponent("_owl/build.json"))
        for (file, bytes) in pair.files {
            let path = url.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: path)
        }
        return url
    }

    @Test func missingManifestNamesThePath() {
        let url = URL(fileURLWithPath: "/nonexistent-owl-build")
        #expect(throws: BuildDiffError.manifest(path: "/nonexistent-owl-build/_owl/build.json", reason: "no build manifest (is this a build folder?)")) {
            try BuildFolder(url)
        }
    }

    /// A manifest that does not decode is named with the place in it and what is wrong there;
    /// one of another version says which.
    @Test(arguments: [
        ("{\"format\": 7}", "unreadable build manifest: format: Expected to decode String but found number instead."),
        ("{\"format\": \"owl-build\"}", "unreadable build manifest: 'version' is missing"),
        ("{\"format\": \"owl-build\", \"version\": 1, \"build\": \"ab\", \"pages\": {\"/\": {\"file\": \"index.html\", \"title\": \"t\", "
            + "\"shell\": \"1\", \"regions\": {}, \"lists\": [{\"id\": 1}]}}}",
         "unreadable build manifest: pages./.lists[0].id: Expected to decode String but found number instead."),
        ("{\"format\"", "unreadable build manifest: The given data was not valid JSON."),
        ("{\"format\": \"owl-build\", \"version\": 1, \"build\": \"ab\", \"pages\": {}}",
         "a build manifest of version 1, from an earlier owl-site (this one reads version 2): build the folder again"),
        ("{\"format\": \"owl-build\", \"version\": 3, \"build\": \"ab\", \"pages\": {}}", "unknown manifest format owl-build version 3"),
    ])
    func unreadableManifestSaysWhereAndWhat(json: String, reason: String) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("owl-folder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try FileManager.default.createDirectory(at: url.appendingPathComponent("_owl"), withIntermediateDirectories: true)
        try Data(json.utf8).write(to: url.appendingPathComponent("_owl/build.json"))
        #expect(throws: BuildDiffError.manifest(path: url.appendingPathComponent("_owl/build.json").path, reason: reason)) {
            try BuildFolder(url)
        }
    }

    @Test func pageFileOutsideTheFolderIsRefused() throws {
        let url = try folder(BuildPair(old: [:], new: ["/posts/": .posts()]))
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: BuildDiffError.self) { try BuildFolder(url).bytes(of: "../etc/passwd") }
    }

    /// Deletes a folder made by ``folder(_:)``, and the lock file that writing a patch leaves beside it.
    private func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).owl-lock"))
    }

    /// A folder holding a build with the first post removed, and that build's diff from the one before.
    private func folderWithADiff() throws -> (url: URL, build: BuildFolder, diff: BuildDiff) {
        var new = PageFixture.posts()
        new.sections[0].cells.removeFirst()
        let pair = BuildPair(old: ["/posts/": .posts()], new: ["/posts/": new])
        let url = try folder(pair)
        let build = try BuildFolder(url)
        return (url, build, try BuildDiff(from: pair.old, to: build.manifest, pageBytes: build.bytes(of:)))
    }

    @Test func writesThePatchUnderOwlPatches() throws {
        let (url, build, diff) = try folderWithADiff()
        defer { remove(url) }
        let file = try build.write(diff.patch)
        #expect(file.path.hasSuffix("_owl/patches/00000000000000aa.json"))
        #expect(try JSONDecoder().decode(PatchFile.self, from: Data(contentsOf: file)) == diff.patch)
    }

    /// A build into the folder since it was compared put another build there: the patch
    /// would lead to a build the folder no longer holds.
    @Test func aFolderBuiltAgainSinceItWasReadGetsNoPatch() throws {
        let (url, build, diff) = try folderWithADiff()
        defer { remove(url) }
        let manifest = url.appendingPathComponent("_owl/build.json")
        try Data(contentsOf: manifest).write(to: manifest, options: .atomic)  // the same bytes, as another file
        let path = url.appendingPathComponent("_owl/patches/00000000000000aa.json").path
        #expect(throws: BuildDiffError.patchFile(path: path, reason: "the folder holds another build than the one compared (built again since): compare again")) {
            try build.write(diff.patch)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// The write takes its turn with builds into the folder, through their lock. (It waits
    /// on a thread of its own, not on one that other tests share.)
    @Test func theWriteWaitsForABuildIntoTheFolder() throws {
        let (url, build, diff) = try folderWithADiff()
        defer { remove(url) }
        let lock = try OutputLock(output: url) {}
        let written = HandOver<URL>()
        Thread {
            do { written.put(try build.write(diff.patch)) } catch { written.fail(error) }
        }.start()
        Thread.sleep(forTimeInterval: 0.3)
        let path = url.appendingPathComponent("_owl/patches/00000000000000aa.json").path
        #expect(!FileManager.default.fileExists(atPath: path), "written while a build held the lock")
        lock.release()
        #expect(try written.take().path == path)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func aPatchThatCannotBeWrittenSaysWhereAndWhy() throws {
        let (url, build, diff) = try folderWithADiff()
        defer { remove(url) }
        // A file where the patches' folder belongs.
        try Data().write(to: url.appendingPathComponent("_owl/patches"))
        let path = url.appendingPathComponent("_owl/patches/00000000000000aa.json").path
        #expect(throws: BuildDiffError.patchFile(path: path, reason: "File exists")) { try build.write(diff.patch) }
    }
}
