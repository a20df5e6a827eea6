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

    /// A name that is not UTF-8 cannot be a page's address nor a message's text: it is an
    /// error that shows its bytes, not a file silently renamed or left out.
    @Test func aNameThatIsNotUTF8IsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-tree-\(UUID())")
        let posts = folder.appendingPathComponent("content/posts")
        try FileManager.default.createDirectory(at: posts, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("ok".utf8).write(to: posts.appendingPathComponent("café.md"))
        // `bad`, a lone byte 0xFF (no UTF-8 sequence), `.md`: made from bytes, as a String would spell it as UTF-8.
        let bad = posts.path.utf8CString.dropLast() + Array("/bad".utf8CString.dropLast()) + [CChar(bitPattern: 0xFF)] + Array(".md".utf8CString)
        let badDescriptor = bad.withUnsafeBufferPointer { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        #expect(badDescriptor >= 0)
        close(badDescriptor)
        #expect(throws: SiteError(file: "content/posts/bad\\xFF.md", "the name is not UTF-8: rename it")) {
            try FileTree.files(below: folder.appendingPathComponent("content"))
        }
        // Hidden, it is left out as other hidden names are.
        let hidden = posts.path.utf8CString.dropLast() + Array("/.bad".utf8CString.dropLast()) + [CChar(bitPattern: 0xFF)] + Array(".md".utf8CString)
        #expect(bad.withUnsafeBufferPointer { from in hidden.withUnsafeBufferPointer { to in rename(from.baseAddress!, to.baseAddress!) } } == 0)
        #expect(try FileTree.files(below: folder.appendingPathComponent("content")) == ["posts/café.md"])
    }
}
