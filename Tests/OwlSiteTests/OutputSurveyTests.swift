import Foundation
import Synchronization
import Testing
@testable import Owl
@testable import OwlSite
#if canImport(Glibc)
import Glibc
#endif

/// The survey of a rebuild's two folders, made in parts that any thread waiting for it takes.
@Suite struct OutputSurveyTests {
    /// 1,500 files (three parts of the previous build's files, and of the spare's folders),
    /// each kept where the folders hold it as the records say, and not kept where it was
    /// changed by hand; asked for by four threads at once while the survey is under way.
    @Test func keepsWhatTheFoldersHoldAsTheirRecordsSayAcrossParts() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("owl-survey-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("public"), spare = root.appendingPathComponent("spare")
        let count = 1_500
        let paths = (0..<count).map { "posts/p\($0)/index.html" }
        func write(_ text: String, to folder: URL, _ path: String) throws {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        func text(_ index: Int) -> String { "page \(index)" }
        func file(_ index: Int) -> BuildRecord.File { BuildRecord.File(hash: XXH64.hash(Array(text(index).utf8)), size: text(index).utf8.count) }

        // The spare holds every third file as the previous build has it; every third after
        // that it holds with other bytes, as its own (older) record says.
        var spareFiles: [String: BuildRecord.File] = [:]
        for index in paths.indices {
            try write(text(index), to: output, paths[index])
            switch index % 3 {
            case 0:
                try write(text(index), to: spare, paths[index])
                spareFiles[paths[index]] = file(index)
            case 2:
                try write("older \(index)", to: spare, paths[index])
                spareFiles[paths[index]] = BuildRecord.File(hash: XXH64.hash(Array("older \(index)".utf8)), size: "older \(index)".utf8.count)
            default:
                break
            }
        }
        let finished = FileWriter.now()
        func record(_ build: String, _ files: [String: BuildRecord.File]) throws -> BuildRecord {
            try BuildRecord(decoding: SharedBytes(BuildRecord.encode(build: build, files: files, pages: [], newSegment: "\(build)-1").record)) { _ in nil }
        }
        let previous = try record("00000000000000aa", Dictionary(uniqueKeysWithValues: paths.indices.map { (paths[$0], file($0)) }))
        let target = try record("00000000000000bb", spareFiles)

        // By hand, after both builds finished: files written over with bytes of the same size
        // in the output and in the spare, a file taken out of the output, files put into two
        // of the spare's folders.
        let changedInOutput = Set(paths.indices.filter { $0 % 7 == 0 })
        let changedInSpare = Set(paths.indices.filter { $0 % 11 == 0 })
        for index in changedInOutput { try write(String(text(index).reversed()), to: output, paths[index]) }
        for index in changedInSpare where index % 3 == 0 { try write(String(text(index).reversed()), to: spare, paths[index]) }
        try FileManager.default.removeItem(at: output.appendingPathComponent(paths[1]))
        try write("hand", to: spare, "posts/p5/hand.html")
        try write("hand", to: spare, "posts/p1301/hand.html")

        let survey = OutputSurvey(
            previous: BuildRecords.HeldBuild(record: previous, finished: finished), output: try #require(OpenFolder(output.path)),
            target: (BuildRecords.HeldBuild(record: target, finished: finished), try #require(OpenFolder(spare.path)))
        )
        let found = Mutex<[[OutputFile?]]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let files = survey.keptFile(each: paths)
            found.withLock { $0.append(files) }
        }

        func expected(_ index: Int) -> String {
            if index % 3 == 0, !changedInSpare.contains(index) { return "spare" }
            if changedInOutput.contains(index) || index == 1 { return "not kept" }
            return "output"
        }
        func kept(_ kept: OutputFile?, _ index: Int) -> String {
            guard let kept else { return "not kept" }
            guard kept.hash == file(index).hash, kept.size == file(index).size else { return "another file" }
            switch kept.content {
            case let .kept(.staging(number)):
                // Numbered as the spare's own record numbers it.
                return target.fileEntry(paths[index])?.number == Int(number) ? "spare" : "spare, misnumbered"
            case .kept(.previousOutput): return "output"
            default: return "not a kept file"
            }
        }
        let answers = found.withLock { $0 }
        #expect(answers.count == 4)
        for files in answers {
            #expect(files.count == count)
            for index in paths.indices {
                #expect(kept(files[index], index) == expected(index), "\(paths[index])")
            }
        }
        // Each kind is there, in every part.
        #expect(Set(paths.indices.map(expected)) == ["spare", "output", "not kept"])
        #expect(survey.keptFiles([paths[3], paths[4]]) != nil)
        #expect(survey.keptFiles([paths[3], paths[7]]) == nil)
        #expect(survey.keptFiles(["posts/none/index.html"]) == nil)

        let changes = try #require(survey.folderChanges(since: "00000000000000bb"))
        #expect(Set(changes.changed) == ["posts/p5", "posts/p1301"])
        #expect(changes.known.count == spareFiles.count + 1)  // each file's folder, and posts
        #expect(survey.folderChanges(since: "00000000000000aa") == nil)
    }
}
