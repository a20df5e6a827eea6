import Foundation
import TOMLKit

/// A Zola site: `config.toml`, `content/` in sections (`_index.md`) and pages as owl-site
/// reads them, and `static/`.
struct ZolaImport {
    let source: URL

    func plan(into plan: inout ImportPlan) throws {
        let url = source.appendingPathComponent("config.toml")
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw SiteError(file: source.path, "no config.toml: is this a Zola site?")
        }
        let text = try SourceText.read(url, displayName: "config.toml")
        let config: [String: FieldValue]
        do {
            guard case let .map(entries) = FrontMatter.fieldValue(try TOMLTable(string: text)) else { throw SiteError(file: "config.toml", "expected settings") }
            config = entries
        } catch let error as TOMLParseError {
            throw SiteError(file: "config.toml", line: error.source.begin.line, "TOML: \(error.description)")
        }
        let lines = TOMLKeyLines(text)
        var settings: [(String, OwlSetting)] = [("title", .text(config["title"].flatMap(HugoImport.text) ?? "My Site"))]
        if let base = config["base_url"].flatMap(HugoImport.text), SiteConfig.problem(withBaseURL: base) == nil {
            settings.append(("baseURL", .text(base.hasSuffix("/") ? base : base + "/")))
        }
        if let description = config["description"].flatMap(HugoImport.text) { settings.append(("description", .text(description))) }
        if let language = config["default_language"].flatMap(HugoImport.text), SiteConfig.problem(withLanguage: language) == nil {
            settings.append(("language", .text(language)))
        }
        if let author = config["author"].flatMap(ContentItem.authorName) { settings.append(("author", .text(author))) }
        // Zola's taxonomies are a list of tables: `taxonomies = [{ name = "tags" }, { name = "categories", feed = true }]`.
        if case let .list(taxonomies)? = config["taxonomies"] {
            let names = taxonomies.compactMap { value -> String? in
                if case let .map(table) = value { return table["name"].flatMap(HugoImport.text) }
                return nil
            }.filter { $0 != "tags" }
            if !names.isEmpty { settings.append(("taxonomies", .list(names))) }
        }
        plan.files["owl.yml"] = .text(ImportPlan.owlYAML(settings))
        for key in ["theme", "markdown", "search", "translations", "languages", "extra"] where config[key] != nil {
            plan.note("config.toml", line: lines.line(of: key), "'\(key)' is not carried: owl-site has no equivalent setting")
        }
        try HugoImport.carryCommonFolders(of: source, into: &plan, templateFolders: ["templates", "themes", "sass"])
    }
}
