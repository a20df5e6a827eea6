import Foundation
import Yams

/// A Jekyll site: `_config.yml`, posts in `_posts/` named `YYYY-MM-DD-slug.md`, pages
/// anywhere else, data in `_data/`, and every other file copied as it is.
struct JekyllImport {
    let source: URL

    /// Jekyll's built-in permalink styles (its documentation's "Built-in formats"), for posts.
    static let styles = [
        "date": "/:categories/:year/:month/:day/:title:output_ext",
        "pretty": "/:categories/:year/:month/:day/:title/",
        "ordinal": "/:categories/:year/:y_day/:title:output_ext",
        "weekdate": "/:categories/:year/W:week/:short_day/:title:output_ext",
        "none": "/:categories/:title:output_ext",
    ]

    /// The folders Jekyll itself reads or writes, which are not copied as files of the site.
    private static let ownFolders: Set = ["_site", "_layouts", "_includes", "_sass", "_plugins", "_data", "_posts", "_drafts",
                                          ".jekyll-cache", ".sass-cache", "vendor", "node_modules"]
    private static let ownFiles: Set = ["_config.yml", "Gemfile", "Gemfile.lock"]

    func plan(into plan: inout ImportPlan) throws {
        let config = try readConfig()
        let permalinkSetting = config["permalink"]?.string ?? "date"
        let postPattern = Self.owlPattern(Self.styles[permalinkSetting] ?? permalinkSetting)
        let pagesPretty = permalinkSetting == "pretty" || postPattern.hasSuffix("/")
        var settings: [(String, OwlSetting)] = [("title", .text(config["title"]?.string ?? "My Site"))]
        if let url = config["url"]?.string, !url.isEmpty {
            let base = (url.hasSuffix("/") ? String(url.dropLast()) : url) + (config["baseurl"]?.string ?? "") + "/"
            settings.append(("baseURL", .text(base.replacingOccurrences(of: "//", with: "/").replacingOccurrences(of: ":/", with: "://"))))
        }
        if let description = config["description"]?.string { settings.append(("description", .text(description))) }
        if let author = config["author"].flatMap({ $0.string ?? $0["name"]?.string }) { settings.append(("author", .text(author))) }
        if let timezone = config["timezone"]?.string { settings.append(("timezone", .text(timezone))) }
        settings.append(("permalink", .map([("posts", postPattern)])))
        plan.files["owl.yml"] = .text(ImportPlan.owlYAML(settings))
        for (key, _) in config.mapping ?? [:] {
            guard let name = key.string, ["plugins", "gems", "collections", "paginate", "excerpt_separator", "defaults"].contains(name) else { continue }
            plan.note("_config.yml", line: key.mark?.line, "'\(name)' is not carried: owl-site has no equivalent setting")
        }

        let manager = FileManager.default
        // Posts: `_posts/` (and its folders) into the section `posts`, their names kept.
        for path in manager.importFiles(below: source.appendingPathComponent("_posts")) where SitePath.isMarkdown(path) {
            let file = "_posts/" + path
            let name = (path as NSString).lastPathComponent
            let text = try SourceText.read(source.appendingPathComponent(file), displayName: file)
            plan.files["content/posts/" + name] = .text(text)
            plan.noteForeignSyntax(in: text, file: file)
        }
        for path in manager.importFiles(below: source.appendingPathComponent("_drafts")) {
            plan.note("_drafts/" + path, "a draft is not carried: give it a date and move it to _posts/, or add it as a page with draft: true")
        }
        plan.addDataFiles(from: "_data", of: source)
        for folder in ["_layouts", "_includes", "_sass", "_plugins"] {
            for path in manager.importFiles(below: source.appendingPathComponent(folder)) {
                plan.note(folder + "/" + path, "not carried: owl-site's theme is Mustache templates (Templates/)")
            }
        }
        // Pages (Markdown with front matter) keep their addresses; every other file is copied.
        for path in manager.importFiles(below: source, skipping: Self.ownFolders.union(Self.ownFiles)) {
            let url = source.appendingPathComponent(path)
            guard !path.split(separator: "/").contains(where: { $0.hasPrefix("_") }) else { continue }
            if SitePath.isMarkdown(path) {
                let text = try SourceText.read(url, displayName: path)
                plan.files["content/" + path] = .text(Self.page(text, path: path, pretty: pagesPretty))
                plan.noteForeignSyntax(in: text, file: path)
            } else if path.hasSuffix(".html"), let text = try? SourceText.read(url, displayName: path), text.hasPrefix("---") {
                plan.note(path, line: 1, "an HTML page with front matter is a Jekyll template: not carried")
            } else {
                plan.files["static/" + path] = .copy(url)
            }
        }
    }

    /// A Jekyll pattern in owl-site's tokens: Jekyll's `:title` is the file's slug, owl-site's `:slug`.
    static func owlPattern(_ pattern: String) -> String {
        pattern.replacingOccurrences(of: ":output_ext", with: ".html").replacingOccurrences(of: ":title", with: ":slug")
    }

    /// A page's text with the address Jekyll gives it written into its front matter, unless
    /// it has a `permalink` of its own: `about.md` is `/about.html`, or `/about/` with pretty permalinks.
    static func page(_ text: String, path: String, pretty: Bool) -> String {
        let stem = (path as NSString).deletingPathExtension
        let isIndex = (stem as NSString).lastPathComponent == "index"
        let folder = (stem as NSString).deletingLastPathComponent
        let address = isIndex ? "/" + (folder.isEmpty ? "" : folder + "/") : (pretty ? "/\(stem)/" : "/\(stem).html")
        if stem == "index" { return text }  // the home page
        let line = "permalink: \(ImportPlan.quoted(address))\n"
        guard text.hasPrefix("---\n") else { return "---\n" + line + "---\n" + text }
        // A page with a `permalink` of its own keeps it.
        let frontMatter = "\n" + text.dropFirst(4).prefix(upTo: text.dropFirst(4).range(of: "\n---")?.lowerBound ?? text.endIndex)
        if frontMatter.contains("\npermalink:") { return text }
        return "---\n" + line + text.dropFirst(4)
    }

    private func readConfig() throws -> Node {
        let url = source.appendingPathComponent("_config.yml")
        guard FileManager.default.fileExists(atPath: url.path) else { return Node([(Node, Node)]()) }
        let text = try SourceText.read(url, displayName: "_config.yml")
        return try YAMLDocument.compose(text, file: "_config.yml", firstLine: 1) ?? Node([(Node, Node)]())
    }
}
