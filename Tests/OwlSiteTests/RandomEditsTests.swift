import Foundation
import Testing
import TestSupport

/// Incremental builds through a run of random edits: after each one, the output is what a
/// clean build of the same sources gives (the pages' state files and patches aside, which
/// depend on earlier builds), folders included; and those follow the page-version protocol.
/// Seeded, so that a failing run replays; the step and its edits are in the message.
@Suite struct RandomEditsTests {
    @Test(arguments: [1, 2] as [UInt64])
    func eachIncrementalBuildEqualsACleanOne(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var sources = RandomSite()
        let site = try SiteFixture(nil)
        defer { site.remove() }
        let drafts = seed % 2 == 0 ? ["--drafts"] : []
        var compared = 0
        for step in 0..<12 {
            let edits = (0..<Int.random(in: 1...3, using: &random)).map { _ in sources.edit(step: step, using: &random) }
            try sources.update(site.root)
            let incremental = try site.build(drafts)

            let clean = try SiteFixture(nil)
            defer { clean.remove() }
            try sources.write(into: clean.root)
            let cleanBuild = try clean.build(drafts)
            #expect(incremental.status == cleanBuild.status, "step \(step) \(edits): \(incremental.standardError) \(cleanBuild.standardError)")
            guard incremental.status == 0, cleanBuild.status == 0 else { continue }
            let differences = FolderSnapshot(site.output, excluding: AtomicBuildTests.buildDependent)
                .differences(from: FolderSnapshot(clean.output, excluding: AtomicBuildTests.buildDependent))
            #expect(differences.isEmpty, "step \(step) \(edits): \(differences.prefix(5))")
            let problems = try ProtocolCheck.problems(in: site.output)
            #expect(problems.isEmpty, "step \(step) \(edits): \(problems.prefix(5))")
            compared += 1
        }
        #expect(compared == 12, "every step's sources build")
    }
}

/// A small site's sources, as files by path, and the edits an author makes to them.
private struct RandomSite {
    private struct Post {
        var title: String
        var date: String
        var tags: [String]
        var draft: Bool
        var summary: String?
        var aliases: [String]
        var weight: Int?
        var body: String

        var text: String {
            var lines = ["title: \"\(title)\"", "date: \(date)", "tags: [\(tags.map { "\"\($0)\"" }.joined(separator: ", "))]"]
            if draft { lines.append("draft: true") }
            if let summary { lines.append("summary: \"\(summary)\"") }
            if !aliases.isEmpty { lines.append("aliases: [\(aliases.joined(separator: ", "))]") }
            if let weight { lines.append("weight: \(weight)") }
            return "---\n" + lines.joined(separator: "\n") + "\n---\n" + body
        }
    }

    private static let tagPool = ["swift", "lists", "css", "Perf", "new tag", "été"]
    /// Posts by file below `content/`.
    private var posts: [String: Post] = [:]
    private var config = ["title": "Random", "pageSize": "3", "homeRecent": "2"]
    /// Other files by path below the site: static files, a page bundle's image, templates.
    private var files: [String: String] = [:]
    /// The paths of the last update, so that what is gone is removed.
    private var written: Set<String> = []
    /// Whether the next update rewrites every file, changed or not (new times, same bytes).
    private var rewritesAll = false

    init() {
        for number in 0..<6 {
            let section = number % 3 == 2 ? "projects" : "posts"
            posts["\(section)/post-\(number).md"] = Post(
                title: "Post \(number)", date: "202\(number % 4)-0\(number + 1)-1\(number)", tags: [Self.tagPool[number % 3]],
                draft: false, summary: nil, aliases: [], weight: nil, body: "First paragraph of \(number).\n\nMore.\n"
            )
        }
    }

    /// Makes one random edit, and says which.
    mutating func edit(step: Int, using random: inout SeededGenerator) -> String {
        let names = posts.keys.sorted()
        let name = names.randomElement(using: &random)!
        let kinds = ["body", "title", "date", "tags", "draft", "add", "remove", "rename", "summary", "alias", "weight",
                     "link", "static", "bundle", "config", "template", "same bytes"]
        let kind = kinds.randomElement(using: &random)!
        switch kind {
        case "body": posts[name]!.body = (Bool.random(using: &random) ? "A new first paragraph.\n\n" : "") + posts[name]!.body + "Line \(step).\n"
        case "title": posts[name]!.title = "Title \(step)"
        case "date": posts[name]!.date = "20\(Int.random(in: 19...25, using: &random))-0\(Int.random(in: 1...9, using: &random))-1\(step % 10)"
        case "tags": posts[name]!.tags = Array(Self.tagPool.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random)))
        case "draft": posts[name]!.draft.toggle()
        case "add":
            let section = ["posts", "projects", "notes"].randomElement(using: &random)!
            posts["\(section)/new-\(step).md"] = Post(title: "New \(step)", date: "2024-0\(step % 9 + 1)-01", tags: ["swift"], draft: false,
                                                        summary: nil, aliases: [], weight: nil, body: "Body \(step).\n")
        case "remove" where posts.count > 3: posts[name] = nil
        case "rename": posts[(name as NSString).deletingLastPathComponent + "/renamed-\(step).md"] = posts.removeValue(forKey: name)
        case "summary": posts[name]!.summary = [nil, "", "Summary \(step)"].randomElement(using: &random)!
        case "alias": posts[name]!.aliases = posts[name]!.aliases.isEmpty ? ["/old/\(step)/"] : []
        case "weight": posts[name]!.weight = [nil, Int.random(in: -2...5, using: &random)].randomElement(using: &random)!
        case "link":
            let other = names.randomElement(using: &random)!
            posts[name]!.body += "See [that](/\(other)) and [this](\((other as NSString).lastPathComponent)).\n"
        case "static": toggle("static/files/f\(step % 3).txt", "static \(step)\n", using: &random)
        case "bundle":
            let bundle = "content/posts/bundle-\(step % 2)"
            toggle("\(bundle)/index.md", "---\ntitle: Bundle \(step)\ndate: 2024-05-0\(step % 9 + 1)\n---\n![pic](pic.png)\n", using: &random)
            files["\(bundle)/pic.png"] = files["\(bundle)/index.md"].map { _ in "image \(step)" }
        case "config":
            let key = ["title", "pageSize", "homeRecent", "summaryLength"].randomElement(using: &random)!
            config[key] = key == "title" ? "Site \(step)" : "\(Int.random(in: key == "summaryLength" ? 0...40 : 1...4, using: &random))"
        case "template":
            let cell = ["<a href=\"{{url}}\">{{title}}</a> <small>{{dateDisplay}}</small>\n",
                        "<a href=\"{{url}}\">{{title}}</a>{{#summary}} {{summary}}{{/summary}}\n",
                        "<a href=\"{{url}}\">{{title}}</a><div>{{{content}}}</div>\n"].randomElement(using: &random)!
            toggle("Templates/cells/PostCell.mustache", cell, using: &random)
        default: rewritesAll = true  // "same bytes", or a removal that would leave too few posts
        }
        return "\(kind) \(name)"
    }

    /// Adds the file at `path`, or (half the time) removes it if it is there.
    private mutating func toggle(_ path: String, _ text: String, using random: inout SeededGenerator) {
        files[path] = files[path] != nil && Bool.random(using: &random) ? nil : text
    }

    /// Every file, by path below the site.
    private var allFiles: [String: String] {
        var all = files
        all["owl.yml"] = config.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n") + "\n"
            + "sections:\n  projects:\n    style: grid\n    sort: weight\n"
        for (name, post) in posts { all["content/" + name] = post.text }
        return all
    }

    /// Writes every file into `root`.
    func write(into root: URL) throws {
        for (path, text) in allFiles { try write(text, to: root.appendingPathComponent(path)) }
    }

    /// Brings the site at `root`, last updated by this, up to date: writes the files that
    /// changed and removes those that are gone, with the folders they leave empty.
    mutating func update(_ root: URL) throws {
        let all = allFiles
        for path in written.subtracting(all.keys) {
            var url = root.appendingPathComponent(path)
            try FileManager.default.removeItem(at: url)
            url.deleteLastPathComponent()
            while url.path != root.path, (try FileManager.default.contentsOfDirectory(atPath: url.path)).isEmpty {
                try FileManager.default.removeItem(at: url)
                url.deleteLastPathComponent()
            }
        }
        for (path, text) in all {
            let url = root.appendingPathComponent(path)
            guard rewritesAll || !written.contains(path) || (try? String(contentsOf: url, encoding: .utf8)) != text else { continue }
            try write(text, to: url)
        }
        written = Set(all.keys)
        rewritesAll = false
    }

    private func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
