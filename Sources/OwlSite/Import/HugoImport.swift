import Foundation
import TOMLKit
import Yams

/// A Hugo site: `hugo.toml` (or `config.toml`, `hugo.yaml`, `config.yaml`), `content/` in
/// sections and bundles as owl-site reads them, `static/` and `data/`.
struct HugoImport {
    let source: URL

    static let configNames = ["hugo.toml", "config.toml", "hugo.yaml", "hugo.yml", "config.yaml", "config.yml"]

    func plan(into plan: inout ImportPlan) throws {
        let (config, configName) = try readConfig()
        var settings: [(String, OwlSetting)] = [("title", .text(config["title"].flatMap(Self.text) ?? "My Site"))]
        if let base = config["baseurl"].flatMap(Self.text), !base.isEmpty, SiteConfig.problem(withBaseURL: base) == nil {
            settings.append(("baseURL", .text(base.hasSuffix("/") ? base : base + "/")))
        }
        if let language = config["languagecode"].flatMap(Self.text), SiteConfig.problem(withLanguage: language) == nil {
            settings.append(("language", .text(language)))
        }
        var params: [String: FieldValue] = [:]
        if case let .map(entries)? = config["params"] { params = Dictionary(entries.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first }) }
        if let description = params["description"].flatMap(Self.text) { settings.append(("description", .text(description))) }
        if let author = (config["author"] ?? params["author"]).flatMap(ContentItem.authorName) { settings.append(("author", .text(author))) }
        if let timezone = config["timezone"].flatMap(Self.text) { settings.append(("timezone", .text(timezone))) }
        if case let .map(patterns)? = config["permalinks"] {
            var pairs: [(String, String)] = []
            for (section, pattern) in patterns.sorted(by: { $0.key < $1.key }) {
                if case let .map(kinds) = pattern {  // Hugo 0.120's `[permalinks.page]`
                    for (name, inner) in kinds.sorted(by: { $0.key < $1.key }) { if let text = Self.text(inner) { pairs.append((name, Self.owlPattern(text))) } }
                } else if let text = Self.text(pattern) {
                    pairs.append((section, Self.owlPattern(text)))
                }
            }
            if !pairs.isEmpty { settings.append(("permalink", .map(pairs))) }
        }
        if case let .map(taxonomies)? = config["taxonomies"] {
            let names = taxonomies.values.compactMap(Self.text).filter { $0 != "tags" }.sorted()
            if !names.isEmpty { settings.append(("taxonomies", .list(names))) }
        }
        plan.files["owl.yml"] = .text(ImportPlan.owlYAML(settings))
        for key in ["theme", "menu", "menus", "outputs", "languages", "module", "markup"] where config[key] != nil {
            plan.note(configName, "'\(key)' is not carried: owl-site has no equivalent setting")
        }
        try Self.carryCommonFolders(of: source, into: &plan, templateFolders: ["layouts", "themes", "archetypes", "assets", "i18n"])
    }

    /// Hugo's `:slug` falls back to the title, which owl-site's `:slugortitle` does; its
    /// other tokens are owl-site's.
    static func owlPattern(_ pattern: String) -> String {
        pattern.replacingOccurrences(of: ":slug", with: ":slugortitle").replacingOccurrences(of: ":slugortitleorfilename", with: ":slugorfilename")
    }

    /// Copies `content/` (noting other generators' syntax), `static/` and the YAML and JSON
    /// of `data/`, and notes every file of `templateFolders` as not carried.
    static func carryCommonFolders(of source: URL, into plan: inout ImportPlan, templateFolders: [String]) throws {
        let manager = FileManager.default
        for path in manager.importFiles(below: source.appendingPathComponent("content")) {
            let file = "content/" + path
            if SitePath.isMarkdown(path) {
                let text = try SourceText.read(source.appendingPathComponent(file), displayName: file)
                plan.files[file] = .text(text)
                plan.noteForeignSyntax(in: text, file: file)
            } else {
                plan.files[file] = .copy(source.appendingPathComponent(file))
            }
        }
        for path in manager.importFiles(below: source.appendingPathComponent("static")) {
            plan.files["static/" + path] = .copy(source.appendingPathComponent("static/" + path))
        }
        plan.addDataFiles(from: "data", of: source)
        for folder in templateFolders {
            for path in manager.importFiles(below: source.appendingPathComponent(folder)) {
                plan.note(folder + "/" + path, "not carried: owl-site's theme is Mustache templates (Templates/)")
            }
        }
    }

    /// The settings, their keys in lower case (Hugo reads them in any case), and the file's name.
    private func readConfig() throws -> ([String: FieldValue], String) {
        for name in Self.configNames {
            let url = source.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            let text = try SourceText.read(url, displayName: name)
            let value: FieldValue
            if name.hasSuffix(".toml") {
                do {
                    let table = try TOMLTable(string: text)
                    value = FrontMatter.fieldValue(table)
                } catch let error as TOMLParseError {
                    throw SiteError(file: name, line: error.source.begin.line, "TOML: \(error.description)")
                }
            } else {
                var budget = FieldValue.limit
                value = try YAMLDocument.compose(text, file: name, firstLine: 1).flatMap { FieldValue($0, budget: &budget) } ?? .map([:])
            }
            guard case let .map(entries) = value else { throw SiteError(file: name, "expected a mapping of settings") }
            return (Dictionary(entries.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first }), name)
        }
        throw SiteError(file: source.path, "no \(Self.configNames.joined(separator: ", ")): is this a Hugo site?")
    }

    /// The text of a setting; nil for a value of any other kind.
    static func text(_ value: FieldValue) -> String? {
        if case let .text(text) = value { return text }
        return nil
    }
}
