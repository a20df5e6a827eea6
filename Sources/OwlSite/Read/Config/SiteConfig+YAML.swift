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
            case "words": (config.words, config.countWords) = try words(value)
            case "permalink", "permalinks": (config.permalinks, config.permalinkLines) = try permalinks(value, sections: fields.map { $0.0.string ?? "" })
            case "taxonomies":
                // A list of plural names, or Hugo's mapping of singular to plural names.
                let names: [String]
                if let mapping = value.node.mapping { names = mapping.map { $0.value.string ?? "" } } else { names = try value.strings() }
                for name in names where name != "tags" && !config.taxonomyNames.contains(name) {
                    guard !name.isEmpty, SitePath.slugify(name) == name else {
                        throw value.error("taxonomy '\(name)' must be a name of lowercase letters, digits and dashes, such as series")
                    }
                    config.taxonomyNames.append(name)
                }
            case "timezone":
                let name = try value.string()
                guard TimeZone(identifier: name) != nil else {
                    throw value.error("timezone '\(name)' is not a time zone's IANA name, such as Europe/Berlin or America/New_York")
                }
                config.timezone = name
            default: throw value.error("unknown key '\(value.key)' in owl.yml")
            }
        }
        return config
    }

    /// The theme's words and counting words with those that `field` gives in their place.
    private static func words(_ field: YAMLField) throws -> ([String: String], [String: PluralWord]) {
        var words = defaultWords, countWords = defaultCountWords
        for (key, node) in try YAMLDocument.mapping(field.node, file: field.file, what: "words") {
            let word = YAMLField(key: key.string ?? "", node: node, file: field.file)
            if countWords[word.key] != nil {
                countWords[word.key] = try pluralWord(word)
                continue
            }
            guard words[word.key] != nil else {
                let names = (Array(defaultWords.keys) + Array(defaultCountWords.keys)).sorted().joined(separator: ", ")
                throw word.error("unknown word '\(word.key)'; the theme's words are \(names)")
            }
            let text = try word.string()
            if let allowed = wordPlaceholders[word.key], let unknown = placeholders(in: text).first(where: { !allowed.contains(String($0)) }) {
                let names = allowed.map { "{\($0)}" }.joined(separator: " and ")
                throw word.error("the word '\(word.key)' has no placeholder {\(unknown)}; its placeholders are \(names)")
            }
            words[word.key] = text
        }
        return (words, countWords)
    }

    /// A counting word: one text for every count, or a text by plural category
    /// (`one: "{count} post"`, `other: "{count} posts"`), `other` among them.
    private static func pluralWord(_ field: YAMLField) throws -> PluralWord {
        if field.node.mapping == nil {
            let text = try field.string()
            return PluralWord(forms: ["other": text])
        }
        var forms: [String: String] = [:]
        for (key, node) in try YAMLDocument.mapping(field.node, file: field.file, what: "the word '\(field.key)'") {
            let form = YAMLField(key: key.string ?? "", node: node, file: field.file)
            guard PluralWord.categories.contains(form.key) else {
                throw form.error("'\(form.key)' is not a plural category; the word '\(field.key)' takes \(PluralWord.categories.joined(separator: ", "))")
            }
            forms[form.key] = try form.string()
        }
        guard forms["other"] != nil else { throw field.error("the word '\(field.key)' needs an 'other' form, for the counts no other form covers") }
        return PluralWord(forms: forms)
    }

    /// The address patterns of `field`: one pattern for every section's pages, or a mapping
    /// of section names (`/` for the pages at the top) to patterns.
    private static func permalinks(_ field: YAMLField, sections: [String]) throws -> ([String: String], [String: Int]) {
        if field.node.scalar != nil {
            return (["*": try field.string()], ["*": field.line ?? 1])
        }
        var patterns: [String: String] = [:], lines: [String: Int] = [:]
        for (key, node) in try YAMLDocument.mapping(field.node, file: field.file, what: "permalink") {
            let pattern = YAMLField(key: key.string ?? "", node: node, file: field.file)
            patterns[pattern.key] = try pattern.string()
            lines[pattern.key] = pattern.line
        }
        return (patterns, lines)
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
                case "count": settings.count = try pluralWord(setting)
                default: throw setting.error("unknown key '\(setting.key)' in section '\(name.key)'")
                }
            }
            result[name.key] = settings
            lines[name.key] = name.line
        }
        return (result, lines)
    }
}
