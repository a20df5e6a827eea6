import Foundation
import OwlFiles
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `RealPath.open(_:inside:)`: one `openat2` where no link is on the way, the real path
/// otherwise, and never anything outside the folder.
@Suite final class RealPathTests {
    /// A folder `BASE/inside` holding `posts/page.html`, links to it and to its folder, a
    /// link to `BASE/outside.txt`; its real path. Each test's `BASE` is removed after it.
    private let base = FileManager.default.temporaryDirectory.appendingPathComponent("owl-realpath-\(UUID().uuidString)")

    private func folder() throws -> String {
        let root = base.appendingPathComponent("inside")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("posts"), withIntermediateDirectories: true)
        try Data("page".utf8).write(to: root.appendingPathComponent("posts/page.html"))
        try Data("secret".utf8).write(to: base.appendingPathComponent("outside.txt"))
        try FileManager.default.createSymbolicLink(atPath: root.path + "/link.html", withDestinationPath: "posts/page.html")
        try FileManager.default.createSymbolicLink(atPath: root.path + "/leak.txt", withDestinationPath: base.path + "/outside.txt")
        try FileManager.default.createSymbolicLink(atPath: root.path + "/linked", withDestinationPath: "posts")
        return try #require(RealPath.resolve(root.path))
    }

    deinit { try? FileManager.default.removeItem(at: base) }

    private static func text(_ path: String, inside root: String) throws -> (path: String, text: String)? {
        guard let (descriptor, real) = RealPath.open(path, inside: root) else { return nil }
        defer { close(descriptor) }
        let bytes = try FileBytes.read(opened: descriptor, limit: 100).bytes
        return (real, String(decoding: bytes, as: UTF8.self))
    }

    @Test func opensAFileWithoutLinksAtItsOwnPath() throws {
        let root = try folder()
        let found = try #require(try Self.text("/posts/page.html", inside: root))
        #expect(found.path == root + "/posts/page.html")
        #expect(found.text == "page")
    }

    @Test func followsLinksThatEndInsideAndNamesTheRealPath() throws {
        let root = try folder()
        #expect(try Self.text("/link.html", inside: root)?.path == root + "/posts/page.html")
        #expect(try Self.text("/linked/page.html", inside: root)?.text == "page")
        #expect(try Self.text("/posts/../posts/page.html", inside: root)?.path == root + "/posts/page.html")
    }

    @Test func refusesWhatLiesOutsideOrIsNotThere() throws {
        let root = try folder()
        #expect(try Self.text("/leak.txt", inside: root) == nil)
        #expect(try Self.text("/../outside.txt", inside: root) == nil)
        #expect(try Self.text("/posts/../../outside.txt", inside: root) == nil)
        #expect(try Self.text("/missing.html", inside: root) == nil)
        // `/inside-other` is not inside `/inside`.
        #expect(!RealPath.isInside(root + "-other/x", root))
        #expect(RealPath.isInside(root + "/x", root))
    }

    @Test func aFolderIsOpenedAndToldApartByItsStatus() throws {
        let root = try folder()
        let (descriptor, _) = try #require(RealPath.open("/posts", inside: root))
        defer { close(descriptor) }
        #expect(throws: FileBytes.ReadError.notAFile(.folder)) { try FileBytes.read(opened: descriptor, limit: 100) }
    }
}
