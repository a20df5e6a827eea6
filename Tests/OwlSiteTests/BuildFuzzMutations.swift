import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif
@testable import OwlSite
import OwlFiles

/// The mutations of ``BuildFuzzTests``: each changes a site's sources the way a careless
/// user, a broken tool or an attacker could, and says what it did (for the failure message).
/// They make files, folders, symbolic links and FIFOs; never device nodes.
struct BuildFuzzMutator {
    /// The site folder whose sources are changed.
    let root: URL
    var random: SeededGenerator

    /// Applies one to three mutations; what they did, in order.
    mutating func mutate() -> [String] {
        (0..<Int.random(in: 1...3, using: &random)).map { _ in
            let mutation = Self.mutations.randomElement(using: &random)!
            return mutation(&self)
        }
    }

    private static let mutations: [@Sendable (inout BuildFuzzMutator) -> String] = [
        { $0.flipBytes() }, { $0.truncate() }, { $0.insertBadBytes() }, { $0.insertHugeLine() },
        { $0.wrongFrontMatterType() }, { $0.wrongFrontMatterType() }, { $0.wrongConfigType() }, { $0.wrongConfigType() },
        { $0.aliasBomb() }, { $0.deepNesting() }, { $0.brokenTemplate() }, { $0.brokenTemplate() },
        { $0.oddFileName() }, { $0.oddFileName() }, { $0.swapFileAndFolder() }, { $0.symbolicLink() }, { $0.symbolicLink() },
        { $0.fifo() }, { $0.hostileAddress() }, { $0.hostileAddress() }, { $0.brokenFrontMatter() }, { $0.removeSource() },
        { $0.copySource() },
    ]

    // MARK: What there is to change

    /// The regular files among the sources, relative to the site.
    private func sourceFiles() -> [String] {
        var files: [String] = []
        for top in ["owl.yml", "content", "data", "Templates", "static"] {
            let url = root.appendingPathComponent(top)
            guard let kind = FileKind(entryAt: url.path) else { continue }
            if kind == .file { files.append(top) }
            guard kind == .folder, let enumerator = FileManager.default.enumerator(atPath: url.path) else { continue }
            while let path = enumerator.nextObject() as? String {
                if FileKind(entryAt: url.appendingPathComponent(path).path) == .file { files.append("\(top)/\(path)") }
            }
        }
        return files.sorted()
    }

    /// The folders among the sources, relative to the site.
    private func sourceFolders() -> [String] {
        var folders: [String] = []
        for top in ["content", "data", "Templates", "static"] where FileKind(entryAt: root.appendingPathComponent(top).path) == .folder {
            folders.append(top)
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(top).path)
            while let path = enumerator?.nextObject() as? String {
                if FileKind(entryAt: root.appendingPathComponent("\(top)/\(path)").path) == .folder { folders.append("\(top)/\(path)") }
            }
        }
        return folders.sorted()
    }

    private mutating func pick(_ paths: [String], or fallback: String) -> String {
        paths.randomElement(using: &random) ?? fallback
    }

    private mutating func markdownFile() -> String {
        pick(sourceFiles().filter { $0.hasPrefix("content/") && $0.hasSuffix(".md") }, or: "content/posts/first.md")
    }

    private func bytes(_ path: String) -> [UInt8] {
        (try? Array(Data(contentsOf: root.appendingPathComponent(path)))) ?? []
    }

    /// Writes `bytes` to `path` (folders made on the way), in place of whatever is there.
    private func write(_ path: String, _ bytes: [UInt8]) {
        let url = root.appendingPathComponent(path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if FileKind(entryAt: url.path) != .file { try? FileManager.default.removeItem(at: url) }
        try? Data(bytes).write(to: url)
    }

    private func write(_ path: String, _ text: String) { write(path, Array(text.utf8)) }

    /// A post with `frontMatter` lines and a body.
    private func post(_ frontMatter: String, body: String = "Body.\n") -> String {
        "---\n\(frontMatter)\n---\n\(body)"
    }

    private mutating func number(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    // MARK: Bytes

    mutating func flipBytes() -> String {
        let path = pick(sourceFiles(), or: "owl.yml")
        var data = bytes(path)
        guard !data.isEmpty else { return "flip nothing in \(path)" }
        for _ in 0..<number(1...8) {
            data[number(0...(data.count - 1))] ^= UInt8(1 << number(0...7))
        }
        write(path, data)
        return "flip bytes of \(path)"
    }

    mutating func truncate() -> String {
        let path = pick(sourceFiles(), or: "owl.yml")
        let data = bytes(path)
        let length = data.isEmpty ? 0 : number(0...(data.count - 1))
        write(path, Array(data.prefix(length)))
        return "truncate \(path) to \(length)"
    }

    private static let badBytes: [[UInt8]] = [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0], [0, 0, 0], [0xEF, 0xBB, 0xBF], [0x0D], [0xF4, 0x90, 0x80, 0x80], [0x1B, 0x5B]]

    mutating func insertBadBytes() -> String {
        let path = pick(sourceFiles(), or: "owl.yml")
        var data = bytes(path)
        let inserted = Self.badBytes.randomElement(using: &random)!
        data.insert(contentsOf: inserted, at: number(0...data.count))
        write(path, data)
        return "insert \(inserted) into \(path)"
    }

    mutating func insertHugeLine() -> String {
        let path = pick(sourceFiles().filter { !$0.hasPrefix("static/") }, or: "content/posts/first.md")
        let unit = ["a", "[", "*", "`", "<", "#", "- ", "|", "_", "{{", "&a ", "> ", "![", "](", "\\"].randomElement(using: &random)!
        let count = number(1_000...400_000)
        var data = bytes(path)
        let line = Array(String(repeating: unit, count: count).utf8) + [UInt8(ascii: "\n")]
        // After the front matter of a post, else anywhere.
        let fence = Array("\n---\n".utf8)
        var after = number(0...data.count)
        if path.hasSuffix(".md"), let start = data.indices.dropFirst().first(where: { data[$0...].starts(with: fence) }) { after = start + fence.count }
        data.insert(contentsOf: line, at: min(after, data.count))
        write(path, data)
        return "insert a line of \(count) × '\(unit)' into \(path)"
    }

    // MARK: Wrong types

    private static let frontMatterKeys = ["title", "date", "lastmod", "tags", "summary", "draft", "weight", "layout", "slug", "aliases", "custom", "toc"]
    private static let wrongValues = [
        "[a, b]", "{a: 1}", "12", "-1", "9223372036854775808", "true", "null", "~", "2024-13-45", "2024-02-30", "''", "\"\"", "[]", "{}",
        "!!binary aGVsbG8=", "!!str", "!custom x", "&a [1, *a]", "*nowhere", "1e400", ".nan", "0x1F", "2024-01-01T25:61:61Z", "[[[]]]",
        "|\n  a block\n  of text", ">-\n  folded", "- a\n- b", "\"\\u0000\"", "\"\\uD800\"", "? complex\n: key",
    ]

    mutating func wrongFrontMatterType() -> String {
        let path = markdownFile()
        let key = Self.frontMatterKeys.randomElement(using: &random)!
        let value = Self.wrongValues.randomElement(using: &random)!
        var text = String(decoding: bytes(path), as: UTF8.self)
        if text.hasPrefix("---\n") {
            text.insert(contentsOf: "\(key): \(value)\n", at: text.index(text.startIndex, offsetBy: 4))
        } else {
            text = post("\(key): \(value)", body: text)
        }
        write(path, text)
        return "set \(key): \(value) in \(path)"
    }

    private static let configKeys = [
        "title", "description", "author", "language", "baseURL", "rawHTML", "highlight", "summaryLength", "homeRecent", "feedCount",
        "pageSize", "history", "sections", "words", "unknown",
    ]

    mutating func wrongConfigType() -> String {
        let value = Self.wrongValues.randomElement(using: &random)!
        let line: String
        switch number(0...3) {
        case 0:
            let setting = ["style", "group", "sort", "pageSize", "title", "colour"].randomElement(using: &random)!
            line = "sections:\n  posts:\n    \(setting): \(value.replacingOccurrences(of: "\n", with: "\n      "))"
        case 1:
            let word = (Array(SiteConfig.defaultWords.keys).sorted() + ["nope"]).randomElement(using: &random)!
            line = "words:\n  \(word): \(["\"{count}\"", "\"{number} {x}\"", value].randomElement(using: &random)!.replacingOccurrences(of: "\n", with: "\n    "))"
        default:
            line = "\(Self.configKeys.randomElement(using: &random)!): \(value)"
        }
        var text = String(decoding: bytes("owl.yml"), as: UTF8.self)
        text = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix(line.prefix { $0 != ":" } + ":") }.joined(separator: "\n")
        write("owl.yml", text + "\n" + line + "\n")
        return "owl.yml gets \(line.debugDescription)"
    }

    // MARK: YAML bombs and nesting

    mutating func aliasBomb() -> String {
        let levels = number(4...12)
        var lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1..<levels { lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]") }
        switch number(0...2) {
        case 0: lines.append("? *a\(levels - 1)\n: 1\n? *a\(levels - 2)\n: 2")  // as keys: hashed whole by Yams
        case 1: lines.append("tags: *a\(levels - 1)")
        default: lines.append("title: *a\(levels - 1)")
        }
        let yaml = lines.joined(separator: "\n")
        let target = ["post", "owl.yml", "data"].randomElement(using: &random)!
        switch target {
        case "post": write(markdownFile(), post(yaml))
        case "owl.yml": write("owl.yml", yaml + "\n")
        default: write("data/bomb.yml", yaml + "\n")
        }
        return "alias bomb of \(levels) levels in \(target)"
    }

    mutating func deepNesting() -> String {
        let depth = [50, 500, 999, 1_000, 1_001, 5_000, 100_000].randomElement(using: &random)!
        let yaml: String
        switch number(0...2) {
        case 0: yaml = "x: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        case 1: yaml = "x: " + String(repeating: "{a: ", count: depth) + "1" + String(repeating: "}", count: depth)
        default: yaml = "x:\n" + (0..<min(depth, 3_000)).map { String(repeating: " ", count: $0 + 1) + "-" }.joined(separator: "\n")
        }
        let target = ["post", "owl.yml", "data"].randomElement(using: &random)!
        switch target {
        case "post": write(markdownFile(), post(yaml))
        case "owl.yml": write("owl.yml", "title: Deep\nsections:\n  " + yaml.replacingOccurrences(of: "\n", with: "\n  ") + "\n")
        default: write("data/deep.yml", yaml + "\n")
        }
        return "YAML nested \(depth) deep in \(target)"
    }

    // MARK: Templates

    private static let templateNames = ["layouts/base", "layouts/home", "layouts/list", "layouts/single", "partials/footer", "partials/header",
                                        "partials/pagination", "partials/tags", "cells/PostCell", "cells/TagCell", "partials/extra"]
    private static let brokenTemplates = [
        "{{#page}}never closed", "{{/page}}", "{{#a}}{{/b}}", "{{>partials/header}}", "{{>layouts/base}}", "{{>nowhere}}", "{{=<% %>=}}<%#x%>",
        "{{=<% %>=}}<%>partials/header%>", "{{{page.title}}", "{{page.title", "}}{{", "{{>*dynamic}}", "{{<frame}}{{$b}}x{{/b}}{{/frame}}",
        "{{$block}}default{{/block}}", "{{!unclosed comment", "{{#page.content}}{{page.content}}{{/page.content}}", "{{&}}", "{{#}}{{/}}",
        String(repeating: "{{#a}}", count: 120) + String(repeating: "{{/a}}", count: 120), "{{=a b=}}", "{{= =}}", "{{#lambda}}",
        "<html>{{{content}}}</html>", "{{^page}}{{/page}}{{.}}", "",
    ]

    mutating func brokenTemplate() -> String {
        let name = Self.templateNames.randomElement(using: &random)!
        var text = Self.brokenTemplates.randomElement(using: &random)!
        if let original = EmbeddedTheme.files["\(name).mustache"], Bool.random(using: &random) {
            // The theme's template with the break put somewhere in it.
            let offset = number(0...original.utf8.count)
            let bytes = Array(original.utf8)
            text = String(decoding: bytes[..<offset] + Array(text.utf8) + bytes[offset...], as: UTF8.self)
        }
        write("Templates/\(name).mustache", text)
        if Bool.random(using: &random) {
            // An include loop through a second template.
            write("Templates/partials/loop.mustache", "{{>\(name)}}")
            write("Templates/\(name).mustache", text + "{{>partials/loop}}")
        }
        return "template \(name) gets \(text.prefix(60).debugDescription)"
    }

    // MARK: Names

    private static let oddNames: [[UInt8]] = [
        Array("with space".utf8), Array("é".utf8), Array("what?".utf8), Array("c#".utf8), Array("100%".utf8), [0x61, 0x01, 0x62], [0x09],
        Array(String(repeating: "n", count: 252).utf8), Array("index.html".utf8), Array("feed.xml".utf8), Array("_owl".utf8), Array("-dash".utf8),
        Array(".".utf8), Array("a:b".utf8), [0xFF, 0xFE], [0x61, 0xC3], Array(" lead".utf8), Array("trail ".utf8), Array("_index".utf8),
        Array("index".utf8), Array("UPPER".utf8), Array("日本語".utf8), Array("a\u{202E}b".utf8), Array("a\\b".utf8), Array("page".utf8),
        Array("404.html".utf8), Array("sitemap.xml".utf8), Array("x.md~".utf8), Array(".hidden".utf8), Array("\u{FEFF}bom".utf8),
    ]
    private static let endings = [".md", ".markdown", ".yml", ".json", ".txt", ".mustache", "", ".MD", ".md.md"]

    /// Makes a file `name` from `bytes`, which need not be UTF-8.
    private func writeRaw(folder: String, name: [UInt8], _ contents: String) {
        let folderURL = root.appendingPathComponent(folder)
        try? FileManager.default.createDirectory(at: folderURL, withIntermediateDirectories: true)
        let path = Array(folderURL.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) } }
        guard descriptor >= 0 else { return }
        _ = contents.utf8CString.withUnsafeBufferPointer { Glibc.write(descriptor, $0.baseAddress, $0.count - 1) }
        close(descriptor)
    }

    mutating func oddFileName() -> String {
        let folder = pick(sourceFolders() + ["content", "content/posts"], or: "content")
        let name = Self.oddNames.randomElement(using: &random)! + Array(Self.endings.randomElement(using: &random)!.utf8)
        writeRaw(folder: folder, name: name, post("title: Odd"))
        if Bool.random(using: &random) {
            // A folder of that name with a page in it, too.
            writeRaw(folder: folder + "/" + String(decoding: name, as: UTF8.self), name: Array("inner.md".utf8), post("title: Inner"))
        }
        return "odd name \(String(decoding: name, as: UTF8.self).debugDescription) in \(folder)"
    }

    private static let hostileNames = [
        String(repeating: "s", count: 256), String(repeating: "é", count: 128), "index.html", "feed.xml", "sitemap.xml", "404.html", "_owl",
        "_owl/x", "a\\0b", "a\\u0001b", "../x", "/abs", "a//b", "a/", "x?", "x#y", "50%", "tags/x", "page/2", "assets/site.css", ".nojekyll",
        ".hidden", "a/b/c", String(repeating: "d/", count: 1_100) + "e", "\\u202E", " ", "",
    ]

    mutating func hostileAddress() -> String {
        let key = ["slug", "aliases", "tags"].randomElement(using: &random)!
        let name = Self.hostileNames.randomElement(using: &random)!
        let value = key == "slug" ? "\"\(name)\"" : "[\"\(key == "aliases" && Bool.random(using: &random) ? "/" : "")\(name)\"]"
        let path = markdownFile()
        write(path, post("title: Hostile\n\(key): \(value)"))
        return "\(key): \(value.prefix(80)) in \(path)"
    }

    mutating func brokenFrontMatter() -> String {
        let path = markdownFile()
        let text = [
            "---\ntitle: never closed\n", "---\ntitle: A\ntitle: B\n---\n", "---\n- a list\n---\n", "---\n: no key\n---\n",
            "\u{FEFF}---\ntitle: BOM\n---\n", "---\r\ntitle: CRLF\r\n---\r\nBody\r\n", "---\n---\n", "---\n\t- tab\n---\n", "---\ntitle: [\n---\n",
            "---\n!!map {a: 1}\n---\n", "---\n%YAML 1.1\n---\ntitle: x\n---\n", "---\ntitle: x\n...\n", "---\n" + String(repeating: "k: v\n", count: 1) + "---",
        ].randomElement(using: &random)!
        write(path, text)
        return "front matter \(text.prefix(40).debugDescription) in \(path)"
    }

    // MARK: Kinds of file

    mutating func swapFileAndFolder() -> String {
        if Bool.random(using: &random) {
            let path = pick(sourceFiles(), or: "owl.yml")
            try? FileManager.default.removeItem(at: root.appendingPathComponent(path))
            if Bool.random(using: &random) { write(path + "/inner.md", post("title: Inner")) } else {
                try? FileManager.default.createDirectory(at: root.appendingPathComponent(path), withIntermediateDirectories: true)
            }
            return "file \(path) becomes a folder"
        }
        let path = pick(sourceFolders(), or: "content")
        try? FileManager.default.removeItem(at: root.appendingPathComponent(path))
        write(path, "was a folder\n")
        return "folder \(path) becomes a file"
    }

    mutating func symbolicLink() -> String {
        let place = [markdownFile(), "content/posts/linked.md", "static/linked.txt", "data/linked.yml", "Templates/partials/linked.mustache",
                     "owl.yml", "content/posts/linked", "static", "data", pick(sourceFiles(), or: "owl.yml")].randomElement(using: &random)!
        let target = [
            "/etc/passwd", "/etc/hostname", "/dev/zero", "/proc/self/status", "/", "/tmp", "nowhere", "linked", ".", "..", "../..",
            "../../owl.yml", "first.md", "../posts/first.md", root.appendingPathComponent("content/posts/second.md").path, "../../public/index.html",
            String(repeating: "../", count: 40) + "etc/passwd",
        ].randomElement(using: &random)!
        let url = root.appendingPathComponent(place)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: url)
        symlink(target, url.path)
        return "link \(place) -> \(target)"
    }

    mutating func fifo() -> String {
        let place = [markdownFile(), "content/posts/pipe.md", "owl.yml", "data/pipe.yml", "Templates/layouts/single.mustache", "static/pipe",
                     "content/pipe.png", "content", "static", pick(sourceFiles(), or: "owl.yml")].randomElement(using: &random)!
        let url = root.appendingPathComponent(place)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: url)
        mkfifo(url.path, 0o644)
        return "FIFO at \(place)"
    }

    mutating func removeSource() -> String {
        let path = pick(sourceFiles() + sourceFolders(), or: "owl.yml")
        try? FileManager.default.removeItem(at: root.appendingPathComponent(path))
        return "remove \(path)"
    }

    mutating func copySource() -> String {
        let from = pick(sourceFiles(), or: "owl.yml")
        let folder = pick(sourceFolders(), or: "content")
        let name = URL(fileURLWithPath: pick(sourceFiles(), or: "owl.yml")).lastPathComponent
        write("\(folder)/\(name)", bytes(from))
        return "copy \(from) to \(folder)/\(name)"
    }
}
