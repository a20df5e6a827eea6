import Foundation
import Synchronization

@testable import OwlServer

/// A throwaway site on disk: sources, a built `public/` folder, and a secret beside it
/// that must never be served.
final class TestSite: Sendable {
    static let secret = "TOP-SECRET-7f3a9c"

    let folder: String
    var source: String { folder + "/site" }
    var output: String { folder + "/site/public" }
    /// How many builds the stand-in generator ran.
    var buildCount: Int { builds.load(ordering: .relaxed) }

    private let builds = Atomic(0)
    private let lastBuild = Mutex("")

    /// The page key of `/`, the only page the stand-in generator changes (BRIEF §1).
    static let rootKey = "a8d3c6b7f4a5b2e1"

    init(notFoundPage: Bool = true) throws {
        folder = NSTemporaryDirectory() + "owl-serve-" + UUID().uuidString
        try write("secret/secret.txt", Self.secret)
        try write("site/content/posts/first.md", "First post")
        try write("site/Templates/page.html", "<html>{{content}}</html>")
        try write("site/public/posts/index.html", "<!doctype html><html><HEAD lang=\"en\"><title>Posts</title></HEAD><body><header>posts</header></body></html>")
        try write("site/public/style.css", String(repeating: "body { color: #123456; }\n", count: 40))
        try write("site/public/app.js", "console.log('owl')\n")
        try write("site/public/logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        try write("site/public/data.json", "{\"a\":1}")
        try write("site/public/blob.bin", "0123456789abcdefghij")
        try write("site/public/fonts/a.woff2", "wOF2")
        if notFoundPage {
            try write("site/public/404.html", "<html><head><title>Lost</title></head><body>Owl not found</body></html>")
        }
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: output + "/leak.txt", withDestinationPath: folder + "/secret/secret.txt")
        try manager.createSymbolicLink(atPath: output + "/leakdir", withDestinationPath: "../../secret")
        try manager.createSymbolicLink(atPath: output + "/inside.css", withDestinationPath: "style.css")
        _ = try build()
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func write(_ path: String, _ text: String) throws {
        let url = URL(fileURLWithPath: folder + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOfFile: folder + "/" + path, encoding: .utf8)
    }

    /// Saves like an editor: a temporary file in the same folder, renamed over the original.
    func save(_ path: String, _ text: String) throws {
        let temporary = folder + "/" + path + ".tmp~"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        guard rename(temporary, folder + "/" + path) == 0 else { throw TestError("rename failed") }
    }

    /// A build by the stand-in generator as `serve` sees it: `/` is a changed page when
    /// its build id changed.
    func builtSite() throws -> BuiltSite {
        let id = try build()
        let previous = lastBuild.withLock { last in
            defer { last = id }
            return last
        }
        return BuiltSite(id: id, changedPages: id == previous ? [] : [Self.rootKey])
    }

    /// A stand-in for the generator: `public/index.html` lists the posts and names the build,
    /// whose id hashes the sources. A post with a line `!error` fails the build on that line.
    func build() throws -> String {
        builds.add(1, ordering: .relaxed)
        let posts = try FileManager.default.subpathsOfDirectory(atPath: source + "/content")
            .filter { $0.hasSuffix(".md") }.sorted()
        var cells = ""
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for post in posts {
            let text = try String(contentsOfFile: source + "/content/" + post, encoding: .utf8)
            let lines = text.components(separatedBy: "\n")
            if let line = lines.firstIndex(of: "!error") {
                let file = "content/" + post
                throw BuildFailure(message: "\(file):\(line + 1): bad post", file: file, line: line + 1)
            }
            for byte in (post + text).utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            cells += "<li data-owl-cell=\"\(post)\">\(text)</li>"
        }
        let id = String(hash, radix: 16)
        try write("site/public/index.html", "<!doctype html><html><head><meta name=\"owl-build\" content=\"\(id)\"></head><body><ol>\(cells)</ol></body></html>")
        return id
    }
}
