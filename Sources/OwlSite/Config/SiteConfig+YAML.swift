import Foundation
import Yams

extension SiteConfig {
    /// Reads `owl.yml` (a file in the site's folder, or a link to one: ``SourceLinks``);
    /// every unknown key or wrongly typed value is an error naming its line.
    static func load(from url: URL, displayName: String) throws -> SiteConfig {
        try SourceLinks(site: url.deletingLastPathComponent()).check(url.path)
        let text = try SourceText.read(url, displayName: displayName)
        guard let root = try YAMLDocument.compose(text, file: displayName, firstLine: 1) else { return SiteConfig() }
        let fields = try YAMLDocument.mapping(root, file: displayName, what: "owl.yml")
        var config = SiteConfig()
        for (key, node) in fields {
            let value = YAMLField(key: key.string ?? "", node: node, file: displayName)
            switch value.key {
            case "title": config.title = try value.string()
            case "description": config.description = try value.string()
            case "author": config.author = try value.string()
            case "language":
                let text = try value.string()
                if let problem = problem(withLanguage: text) { throw value.error("language \(problem)") }
                config.language = text
            case "baseURL":
                let text = try value.string()
                if let problem = problem(withBaseURL: text) { throw value.error("baseURL \(problem)") }
                config.baseURL = text
            case "rawHTML": config.rawHTML = try value.bool()
            case "highlight": config.highlight = try value.bool()
            case "summaryLength": config.summaryLength = try value.int(minimum: 0)
            case "homeRecent": config.homeRecent = try value.int(minimum: 0)
            case "feedCount": config.feedCount = try value.int(minimum: 0)
            case "pageSize": config.pageSize = try value.int(minimum: 0)
            case "history": config.history = try value.int(minimum: 0)
            case "sections": (config.sections, config.sectionLines) = try sections(value)
            case "words": config.words = try words(value)
            default: throw value.error("unknown key '\(value.key)' in owl.yml")
            }
        }
        return config
    }

    /// The theme's words with those that `field` gives in their place.
    private static func words(_ field: YAMLField) throws -> [String: String] {
        var words = defaultWords
        for (key, node) in try YAMLDocument.mapping(field.node, file: field.file, what: "words") {
            let word = YAMLField(key: key.string ?? "", node: node, file: field.file)
            guard words[word.key] != nil else {
                throw word.error("unknown word '\(word.key)'; the theme's words are \(defaultWords.keys.sorted().joined(separator: ", "))")
            }
            let text = try word.string()
            if let allowed = wordPlaceholders[word.key], let unknown = placeholders(in: text).first(where: { !allowed.contains(String($0)) }) {
                let names = allowed.map { "{\($0)}" }.joined(separator: " and ")
                throw word.error("the word '\(word.key)' has no placeholder {\(unknown)}; its placeholders are \(names)")
            }
            words[word.key] = text
        }
        return words
    }

    /// The names in braces in `word` (`number` for `{number}`).
    private static func placeholders(in word: String) -> [Substring] {
        word.split(separator: "{", omittingEmptySubsequences: false).dropFirst().compactMap { rest in
            rest.firstIndex(of: "}").map { rest[..<$0] }
        }
    }

    /// The settings of each section, and the line that names it.
    private static func sections(_ field: YAMLField) throws -> ([String: SectionSettings], [String: Int]) {
        var result: [String: SectionSettings] = [:], lines: [String: Int] = [:]
        for (key, node) in try YAMLDocument.mapping(field.node, file: field.file, what: "sections") {
            let name = YAMLField(key: key.string ?? "", node: key, file: field.file)
            var settings = SectionSettings()
            for (settingKey, settingNode) in try YAMLDocument.mapping(node, file: field.file, what: "section '\(name.key)'") {
                let setting = YAMLField(key: settingKey.string ?? "", node: settingNode, file: field.file)
                switch setting.key {
                case "style": settings.style = try setting.choice(SectionSettings.Style.self)
                case "group": settings.grouping = try setting.choice(SectionSettings.Grouping.self)
                case "sort": settings.sort = try setting.choice(SectionSettings.Sort.self)
                case "pageSize": settings.pageSize = try setting.int(minimum: 0)
                case "title": settings.title = try setting.string()
                default: throw setting.error("unknown key '\(setting.key)' in section '\(name.key)'")
                }
            }
            result[name.key] = settings
            lines[name.key] = name.line
        }
        return (result, lines)
    }
}
