import Foundation
import Testing
@testable import OwlSite

@Suite struct FileTreeTests {
    /// Folder by folder, the files come out as their whole paths sort: a name that goes on
    /// with `.` or `-` before the folder of the same name, and a folder's files in between.
    @Test func filesComeInTheOrderOfTheirPaths() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-tree-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = ["a.md", "a/z.md", "a/b/c.md", "a-b/x.md", "a0.md", "b.md", "a/b.md", "a/b-c.md", "é.md", "e.md", "Z.md", ".hidden/x.md", "x.md~"]
        for path in paths {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(path.utf8).write(to: url)
        }
        let listed = try FileTree.files(below: folder)
        #expect(listed == paths.filter { !$0.hasPrefix(".") && !$0.hasSuffix("~") }.sorted())
        #expect(try FileTree.files(below: folder, keepingHidden: true).contains(".hidden/x.md"))
    }
}
