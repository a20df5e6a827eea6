import Foundation
import Testing
@testable import OwlSite
#if canImport(Glibc)
import Glibc
#endif

/// The folders of a finished build whose entries changed since: what a later build clears.
@Suite struct FolderChangesTests {
    @Test func findsTheFoldersWithEntriesPutInOrTakenOutAfterTheBuildFinished() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("owl-folder-changes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let paths = ["index.html", "posts/a/index.html", "posts/b/index.html", "deep/x/y/z.txt", "_owl/build.json"]
        for path in paths {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(path.utf8).write(to: file)
        }
        let finished = try #require(FileWriter.changeTime(ofFile: root.appendingPathComponent("_owl/build.json").path))
        let folder = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(folder >= 0)
        defer { close(folder) }

        let record = try BuildRecord(decoding: SharedBytes(BuildRecord.encode(
            build: "00000000000000ab", files: Dictionary(uniqueKeysWithValues: paths.map { ($0, BuildRecord.File(hash: 1, size: 1)) }),
            pages: [], newSegment: "ab-1"
        ).record)) { _ in nil }
        func changes() -> FolderChanges { FolderChanges(holding: record, in: folder, finishedAt: finished) }

        #expect(changes().known == ["posts", "posts/a", "posts/b", "deep", "deep/x", "deep/x/y", "_owl"])
        #expect(changes().changed.isEmpty)

        Thread.sleep(forTimeInterval: 0.02)  // past the clock tick the files were written in
        try Data("hand".utf8).write(to: root.appendingPathComponent("posts/a/hand.html"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("deep/x/y"))
        #expect(Set(changes().changed) == ["posts/a", "deep/x"])
        // The top folder is named "" when its entries change.
        try Data("top".utf8).write(to: root.appendingPathComponent("hand.txt"))
        #expect(Set(changes().changed) == ["", "posts/a", "deep/x"])
    }

    /// Thousands of files in folders shared, nested and alone: each folder once, parents
    /// after the first folder found below them, the top one first.
    @Test func eachFolderOfARecordsFilesComesOnce() throws {
        var paths = ["index.html", "sitemap.xml"]
        for number in 0..<3_000 {
            paths.append("posts/post-\(number)/index.html")
            paths.append("_owl/pages/\(number % 97).json")
            if number % 7 == 0 { paths.append("tags/t\(number % 13)/page/\(number)/index.html") }
        }
        let record = try BuildRecord(decoding: SharedBytes(BuildRecord.encode(
            build: "00000000000000ab", files: Dictionary(paths.map { ($0, BuildRecord.File(hash: 1, size: 1)) }, uniquingKeysWith: { first, _ in first }),
            pages: [], newSegment: "ab-1"
        ).record)) { _ in nil }
        let folders = FolderChanges.folders(of: record).map { String(decoding: $0.bytes, as: UTF8.self) }
        var expected: Set<String> = []
        for path in paths {
            var folder = (path as NSString).deletingLastPathComponent
            while !folder.isEmpty {
                expected.insert(folder)
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
        #expect(folders.first == ".")
        #expect(folders.count == expected.count + 1)
        #expect(Set(folders.dropFirst()) == expected)
    }
}
