import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import OwlSite
import OwlFiles
import TestSupport

/// Issue 30's findings 3 to 6, each by its reproducer: the build refuses what it cannot
/// read safely with an error naming the source (and line), in time, exit 1, the previous
/// output untouched; `owl-site new` refuses what the build refuses.
@Suite struct ReliabilityTests {
    /// The basic fixture, built once.
    private func builtSite() throws -> SiteFixture {
        let site = try SiteFixture()
        let first = try site.build()
        #expect(first.status == 0, "\(first.standardError)")
        return site
    }

    /// Builds `site`, which must fail at `location` (the start of `file:line:`) with
    /// `message` in time, leaving its output as it was.
    private func expectRefused(_ site: SiteFixture, at location: String, _ message: String,
                               sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let before = folderHash(site.output)
        let run = try TimedRun.run(["build", "--source", site.root.path, "--quiet"], in: site.root, timeLimit: 20)
        #expect(run.ending == .exited(1), "\(run.ending): \(run.standardError)", sourceLocation: sourceLocation)
        #expect(run.standardError.hasPrefix("error: \(location)"), "\(run.standardError)", sourceLocation: sourceLocation)
        #expect(run.standardError.contains(message), "\(run.standardError)", sourceLocation: sourceLocation)
        #expect(folderHash(site.output) == before, "the output changed", sourceLocation: sourceLocation)
    }

    private func link(_ path: String, to target: String, in site: SiteFixture) throws {
        let url = site.root.appendingPathComponent(path)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(symlink(target, url.path) == 0)
    }

    private func fifo(_ path: String, in site: SiteFixture) throws {
        let url = site.root.appendingPathComponent(path)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(mkfifo(url.path, 0o644) == 0)
    }

    // MARK: Finding 3: owl.yml as /dev/zero or a FIFO; the same in the source folders.

    @Test func owlYmlLinkedToDevZeroIsRefusedWithoutGrowing() throws {
        let site = try builtSite()
        defer { site.remove() }
        try link("owl.yml", to: "/dev/zero", in: site)
        try expectRefused(site, at: "owl.yml: ", "a symbolic link to /dev/zero, outside the site folder")
    }

    @Test(arguments: ["owl.yml", "content/posts/first.md", "content/posts/new.md", "data/links.yml", "Templates/layouts/single.mustache",
                      "static/robots.txt", "content/posts/photo.jpg"])
    func aFIFOIsRefusedNotWaitedOn(path: String) throws {
        let site = try builtSite()
        defer { site.remove() }
        try fifo(path, in: site)
        let what = path == "owl.yml" ? "a FIFO (named pipe), not a file" : "a FIFO (named pipe), not a file or a folder"
        try expectRefused(site, at: "\(path): ", what)
    }

    /// A FIFO where a source folder goes is not a folder, and says so.
    @Test(arguments: ["Templates", "static"])
    func aFIFOInPlaceOfAFolderIsRefused(folder: String) throws {
        let site = try builtSite()
        defer { site.remove() }
        try fifo(folder, in: site)
        try expectRefused(site, at: "\(folder): ", "a FIFO (named pipe), where a folder should be")
    }

    @Test func aSourceOverTheLimitIsRefusedByItsSize() throws {
        let site = try builtSite()
        defer { site.remove() }
        let huge = site.root.appendingPathComponent("content/posts/huge.md")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        #expect(truncate(huge.path, off_t(SourceText.textLimit + 1)) == 0, "a sparse file: no 16 MiB written")
        try expectRefused(site, at: "content/posts/huge.md: ", "more than 16 MiB, which is as much as owl-site reads of a text")
    }

    /// owl.yml may be a link to a file inside the site.
    @Test func owlYmlLinkedInsideTheSiteIsRead() throws {
        let site = try builtSite()
        defer { site.remove() }
        try site.write("config/site.yml", "title: Linked Title\n")
        try link("owl.yml", to: "config/site.yml", in: site)
        let result = try site.build()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try site.page("index.html").contains("Linked Title"))
    }

    /// The cache beside the sources is read as files are: a FIFO in place of one of its
    /// files is not waited on, but taken for a missing entry.
    @Test func aFIFOInTheCacheIsNotWaitedOn() throws {
        let site = try builtSite()
        defer { site.remove() }
        let cache = site.root.appendingPathComponent(".owl-cache")
        let files = try #require(FileManager.default.enumerator(atPath: cache.path)?.allObjects as? [String])
            .filter { FileKind(entryAt: cache.appendingPathComponent($0).path) == .file }
        #expect(!files.isEmpty)
        for file in files { try fifo(".owl-cache/\(file)", in: site) }
        try site.write("content/posts/first.md", "---\ntitle: Edited\ndate: 2022-01-05\n---\nNew body.\n")
        let run = try TimedRun.run(["build", "--source", site.root.path, "--quiet"], in: site.root, timeLimit: 20)
        #expect(run.ending == .exited(0), "\(run.ending): \(run.standardError)")
        #expect(try site.page("posts/first/index.html").contains("New body."))
    }

    // MARK: Finding 4: limits checked where the source is read, with file:line.

    @Test(arguments: [
        ("slug: \(String(repeating: "a", count: 300))", "is 300 bytes: each part of an address is a folder's name in the output, of at most 255 bytes"),
        ("aliases: [/\(String(repeating: "b", count: 256))/]", "is 256 bytes: each part of an address"),
        ("tags: [\(String(repeating: "c", count: 400))]", "is 400 bytes: each part of an address"),
        ("slug: index.html", "the page /posts/index.html/ would need a folder index.html/, a name owl-site gives files it writes"),
        ("slug: feed.xml", "the page /posts/feed.xml/ would need a folder feed.xml/"),
        ("slug: \"a\\0b\"", "'a\\0b' in the slug has the control character U+0000"),
        ("slug: \"a\\x1Bb\"", "has the control character U+001B"),
        ("slug: 2024/\(String(repeating: "d", count: 256))", "is 256 bytes"),
        ("slug: /etc/passwd", "would escape the output folder"),
        ("aliases: [\"/old\\0/\"]", "has the control character U+0000"),
        ("aliases: [/feed.xml]", "alias '/feed.xml' would need a folder feed.xml/"),
    ])
    func aNameOverALimitIsAnErrorAtItsLine(field: String, message: String) throws {
        let site = try builtSite()
        defer { site.remove() }
        try site.write("content/posts/bad.md", "---\ntitle: Bad\n\(field)\n---\nBody.\n")
        try expectRefused(site, at: "content/posts/bad.md:3: ", message)
    }

    /// A nested slug is several folders, each within the limit; a name of 255 bytes is fine.
    @Test func namesWithinTheLimitsBuild() throws {
        let site = try builtSite()
        defer { site.remove() }
        let longest = String(repeating: "e", count: 255)
        try site.write("content/posts/fine.md", "---\ntitle: Fine\nslug: 2024/\(longest)\ntags: [\(longest)]\n---\nBody.\n")
        let result = try site.build()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("posts/2024/\(longest)/index.html").path))
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("tags/\(longest)/index.html").path))
    }

    // MARK: Finding 5: links out of the site; a post replaced by a FIFO.

    @Test func aStaticLinkOutOfTheSiteIsRefusedAndNotPublished() throws {
        let site = try builtSite()
        defer { site.remove() }
        try link("static/passwd", to: "/etc/passwd", in: site)
        try expectRefused(site, at: "static/passwd: ", "a symbolic link to /etc/passwd, outside the site folder")
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("passwd").path))
    }

    @Test func aPostLinkedOutOfTheSiteIsRefused() throws {
        let site = try builtSite()
        defer { site.remove() }
        try link("content/posts/host.md", to: "/etc/hostname", in: site)
        try expectRefused(site, at: "content/posts/host.md: ", "a symbolic link to /etc/hostname, outside the site folder")
    }

    /// Even a link that climbs out and back in by `..` is judged by where it ends; one that
    /// leaves by a folder link of its own is refused.
    @Test func aLinkIsJudgedByWhereItLeads() throws {
        let site = try builtSite()
        defer { site.remove() }
        try link("content/posts/out.md", to: "../../../\(site.root.lastPathComponent)-elsewhere/x.md", in: site)
        try expectRefused(site, at: "content/posts/out.md: ", "which does not exist")
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("content/posts/out.md"))
        try link("content/posts/back.md", to: "../../../\(site.root.lastPathComponent)/content/posts/first.md", in: site)
        let result = try site.build()
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test func aPostReplacedByAFIFOIsAnErrorNotAVanish() throws {
        let site = try builtSite()
        defer { site.remove() }
        try fifo("content/posts/second.md", in: site)
        try expectRefused(site, at: "content/posts/second.md: ", "a FIFO (named pipe), not a file or a folder")
    }

    @Test(arguments: [("nothing.md", "which does not exist"), ("../projects", "a symbolic link to the folder ../projects"),
                      ("loop.md", "which leads round in a loop")])
    func aLinkToNothingToAFolderOrInALoopIsRefused(target: String, message: String) throws {
        let site = try builtSite()
        defer { site.remove() }
        try link("content/posts/loop.md", to: target, in: site)
        try expectRefused(site, at: "content/posts/loop.md: ", message)
    }

    @Test func aSourceFolderLinkedOutOfTheSiteIsRefused() throws {
        let site = try builtSite()
        defer { site.remove() }
        try link("data", to: "/etc", in: site)
        try expectRefused(site, at: "data: ", "a symbolic link to /etc, outside the site folder")
    }

    /// Links that stay inside the site keep working: a post, copied files, a source folder.
    @Test func linksInsideTheSiteKeepWorking() throws {
        let site = try builtSite()
        defer { site.remove() }
        try link("content/posts/again.md", to: "first.md", in: site)
        try link("static/robots-copy.txt", to: "robots.txt", in: site)
        try site.write("shared/notes.txt", "shared notes\n")
        try link("static/notes.txt", to: "../shared/notes.txt", in: site)
        try FileManager.default.moveItem(at: site.root.appendingPathComponent("static"), to: site.root.appendingPathComponent("static-source"))
        try link("static", to: "static-source", in: site)
        let result = try site.build()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try site.page("posts/again/index.html").contains("Body of <strong>first</strong>"))
        #expect(try site.page("robots-copy.txt") == String(contentsOf: site.root.appendingPathComponent("static/robots.txt"), encoding: .utf8))
        #expect(try site.page("notes.txt") == "shared notes\n")
    }

    // MARK: Finding 6: owl-site new refuses what build refuses, by the same rule.

    @Test(arguments: [
        ("_owl", "content/_owl.md: /_owl/ would be inside _owl/"), ("_owl/x", "content/_owl/x.md: /_owl/x/ would be inside _owl/"),
        ("feed.xml", "content/feed.xml.md: the page /feed.xml/ would need a folder feed.xml/"),
        ("sitemap.xml", "content/sitemap.xml.md: the page /sitemap.xml/ would need a folder sitemap.xml/"),
        ("posts/feed.xml", "content/posts/feed.xml.md: the page /posts/feed.xml/ would need a folder feed.xml/"),
        ("assets/site.css", "content/assets/site.css.md: the page /assets/site.css/ needs the folder assets/site.css/, where the theme's file"),
        ("404.html", "content/404.html.md: the page /404.html/ would need a folder 404.html/"),
        ("posts/index.html", "content/posts/index.html.md: the page /posts/index.html/ would need a folder index.html/"),
        ("tags/swift", "content/tags/swift.md: the page /tags/swift/ would be in /tags/"),
        ("posts/page/2", "content/posts/page/2.md: the page /posts/page/2/ is where a list puts its page 2"),
        ("posts/a\\b", "would escape the output folder"),
    ])
    func newRefusesWhatBuildRefuses(path: String, message: String) throws {
        let site = try builtSite()
        defer { site.remove() }
        let new = try site.run(["new", path, "--source", site.root.path])
        #expect(new.status == 1)
        #expect(new.standardError.hasPrefix("error: content/") && new.standardError.contains(message), "\(new.standardError)")
        // The same page written by hand: the build refuses it, naming the file, with the same words.
        let file = "content/" + path + ".md"
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent(file).path), "new wrote nothing")
        try site.write(file, "---\ntitle: By hand\n---\nBody.\n")
        try expectRefused(site, at: "\(file): ", String(message.drop { $0 != " " }.dropFirst()))
    }

    /// A page whose folder a copied file takes (`static/robots.txt`) is refused by both.
    @Test func newRefusesAPageWhereACopiedFileGoes() throws {
        let site = try builtSite()
        defer { site.remove() }
        let new = try site.run(["new", "robots.txt", "--source", site.root.path])
        #expect(new.status == 1)
        #expect(new.standardError == "error: content/robots.txt.md: the page /robots.txt/ needs the folder robots.txt/, which static/robots.txt takes; choose another name\n")
        try site.write("content/robots.txt.md", "---\ntitle: By hand\n---\n")
        try expectRefused(site, at: "content/robots.txt.md:", "the page /robots.txt/ needs the folder robots.txt/, which static/robots.txt takes")
    }
}

/// The rule of addresses, unit by unit.
@Suite struct AddressLimitTests {
    /// The byte-wise look finds exactly Unicode's control characters.
    @Test func controlCharactersAreUnicodesOwn() {
        for value in UInt32(0)...0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(scalar) + "b"
            #expect((SitePath.controlCharacter(in: text) != nil) == (scalar.properties.generalCategory == .control), "U+\(String(value, radix: 16))")
        }
        #expect(SitePath.controlCharacter(in: "plain-ascii_name.md") == nil)
    }

    /// The look at an address's bytes lets no part through that the check of each part
    /// (its length, its control characters, the names of owl-site's files) refuses: over
    /// random addresses made of parts that fail it and parts that pass.
    @Test func theLookAtTheBytesLetsNoFailingPartThrough() {
        var generator = SeededGenerator(seed: 37)
        let pieces = ["a", "posts", "index.html", "feed.xml", "sitemap.xml", "404.html", ".nojekyll", "index.htm", "index.html5",
                      "é", "\u{85}", "\u{A0}", "\u{9F}", "\u{7F}", "\t", "\0", "assets", "site.css", String(repeating: "x", count: 250),
                      String(repeating: "é", count: 127), "日本", "K", "\u{212A}"]
        var refused = 0
        for _ in 0..<3_000 {
            let parts = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                (0..<Int.random(in: 1...3, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            }
            let path = "/" + parts.joined(separator: "/") + "/"
            let eachPartPasses = parts.allSatisfy { part in
                (try? SitePath.checkName(part, of: "x", from: "f", line: nil)) != nil && !SitePath.ownFileNames.contains(part)
            }
            if !eachPartPasses {
                refused += 1
                #expect(SitePath.anyPartMayFail(path), "\(path.debugDescription)")
            }
        }
        #expect(refused > 500, "the random addresses hold failing parts")
    }

    @Test func aNameOf255BytesIsTheLongest() throws {
        try SitePath.checkName(String(repeating: "é", count: 127) + "a", of: "x", from: "f", line: 1)
        #expect(throws: SiteError(file: "f", line: 1, "'\(String(repeating: "é", count: 60))…' in x is 256 bytes: each part of an address is a folder's name in the output, of at most 255 bytes")) {
            try SitePath.checkName(String(repeating: "é", count: 128), of: "x", from: "f", line: 1)
        }
    }

    @Test(arguments: ["/posts/a/", "/a/b/c/", "/", "/tags-and-more/x/", "/posts/page/", "/posts/page/two/", "/assets/", "/assets/other.css/", "/feed/"])
    func addressesThatAreFine(path: String) throws {
        try SitePath.checkPageAddress(path, from: "f", line: nil)
    }

    @Test(arguments: ["/index.html/", "/posts/feed.xml/", "/sitemap.xml/", "/a/404.html/b/", "/_owl/", "/tags/", "/tags/x/", "/posts/page/2/",
                      "/assets/site.css/", "/a\u{0}/", "/\(String(repeating: "x", count: 256))/", "/" + String(repeating: "abc/", count: 520)])
    func addressesThatAreNot(path: String) {
        #expect(throws: SiteError.self) { try SitePath.checkPageAddress(path, from: "f", line: nil) }
    }
}
