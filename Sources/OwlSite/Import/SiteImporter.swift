import Foundation

/// Turns the folder of a Jekyll, Hugo or Zola site into an owl-site source folder:
/// `content/`, `static/`, `data/` and an `owl.yml` with the original's title, base URL,
/// address patterns and taxonomies, so that every page keeps its public address. What it
/// cannot carry (templates, includes, plugins, shortcodes, Liquid) it names by file and line.
public struct SiteImporter: Sendable {
    /// The generators whose sites it reads.
    public enum Generator: String, Sendable, CaseIterable {
        case jekyll, hugo, zola
    }

    /// What the import wrote and what it left behind.
    public struct Report: Sendable {
        /// Files written below the new folder.
        public var writtenFiles: Int
        /// What was not carried over, by file (relative to the original site) and line.
        public var notCarried: [SiteError]
    }

    public let generator: Generator
    /// The original site's folder.
    public let source: URL
    /// The owl-site folder to make; it must not exist.
    public let output: URL

    /// An import of the `generator` site at `source` into the new folder `output`.
    public init(generator: Generator, source: URL, output: URL) {
        self.generator = generator
        self.source = source
        self.output = output
    }

    /// Writes the new folder. It is made beside its place and moved there once complete,
    /// and never over anything that exists.
    public func run() throws -> Report {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw SiteError(file: source.path, "no such folder: the source is the \(generator.rawValue) site's folder")
        }
        if FileManager.default.fileExists(atPath: output.path) {
            throw SiteError(file: output.path, "exists already: import writes a new folder, never over one; choose another --output")
        }
        var plan = ImportPlan()
        switch generator {
        case .jekyll: try JekyllImport(source: source).plan(into: &plan)
        case .hugo: try HugoImport(source: source).plan(into: &plan)
        case .zola: try ZolaImport(source: source).plan(into: &plan)
        }
        let staging = output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).owl-import-\(UUID().uuidString)")
        do {
            try plan.write(into: staging)
            // Moved into place only if nothing took the place meanwhile: rename(2) would replace an empty folder.
            if FileManager.default.fileExists(atPath: output.path) {
                throw SiteError(file: output.path, "exists already: import writes a new folder, never over one; choose another --output")
            }
            try FileManager.default.moveItem(at: staging, to: output)
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
        return Report(writtenFiles: plan.files.count, notCarried: plan.notCarried.sorted {
            ($0.file ?? "", $0.line ?? 0, $0.message) < ($1.file ?? "", $1.line ?? 0, $1.message)
        })
    }
}

/// The files an import writes, by path below the new folder, and what it could not carry.
struct ImportPlan {
    enum File {
        case copy(URL)
        case text(String)
    }

    var files: [String: File] = [:]
    var notCarried: [SiteError] = []

    mutating func note(_ file: String, line: Int? = nil, _ message: String) {
        notCarried.append(SiteError(file: file, line: line, message))
    }

    func write(into folder: URL) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        for (path, file) in files.sorted(by: { $0.key < $1.key }) {
            let target = folder.appendingPathComponent(path)
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            switch file {
            case let .copy(url): try manager.copyItem(at: url, to: target)
            case let .text(text): try Data(text.utf8).write(to: target)
            }
        }
    }

    /// Carries the data files of the folder `folder` of the site at `source` (Hugo's `data/`,
    /// Jekyll's `_data/`) into `data/`: YAML and JSON, which owl-site reads; notes the others.
    mutating func addDataFiles(from folder: String, of source: URL) {
        for path in FileManager.default.importFiles(below: source.appendingPathComponent(folder)) {
            let ext = (path as NSString).pathExtension.lowercased()
            if ["yml", "yaml", "json"].contains(ext) {
                files["data/" + path] = .copy(source.appendingPathComponent(folder + "/" + path))
            } else {
                note(folder + "/" + path, "a data file of this kind is not carried: owl-site reads YAML and JSON data")
            }
        }
    }

    /// Notes the lines of `text` (the content file `file`) that hold another generator's
    /// syntax, which the new site shows as written: one note per kind, with its count.
    mutating func noteForeignSyntax(in text: String, file: String) {
        var counts: [String: (count: Int, line: Int)] = [:]
        var inFence = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle() }
            guard !inFence, line.contains("{") else { continue }
            for (kind, pattern) in Self.foreignPatterns() {
                let found = line.matches(of: pattern).count
                if found > 0 { counts[kind] = ((counts[kind]?.count ?? 0) + found, counts[kind]?.line ?? index + 1) }
            }
        }
        for (kind, found) in counts.sorted(by: { $0.value.line < $1.value.line }) {
            note(file, line: found.line, "\(found.count) \(kind) (the first here): not carried, shown as written")
        }
    }

    /// The kinds of another generator's syntax, as ``ForeignSyntax`` counts them in a build.
    private static func foreignPatterns() -> [(String, Regex<Substring>)] {
        [
            ("Hugo shortcode(s)", /\{\{[<%]/),
            ("Liquid tag(s) or output(s)", /\{\{(?![<%])|\{%/),
            ("kramdown attribute list(s)", /\{:[^}\n]*\}/),
        ]
    }

    /// An owl.yml of `settings`, in order, each value quoted as YAML needs.
    static func owlYAML(_ settings: [(String, OwlSetting)]) -> String {
        var yaml = "# Made by owl-site import from the original site's settings.\n"
        for (key, value) in settings {
            switch value {
            case let .text(text): yaml += "\(key): \(quoted(text))\n"
            case let .list(items): yaml += "\(key): [\(items.map(quoted).joined(separator: ", "))]\n"
            case let .map(pairs):
                yaml += "\(key):\n"
                for (name, text) in pairs { yaml += "  \(quoted(name)): \(quoted(text))\n" }
            }
        }
        return yaml
    }

    /// `text` as a double-quoted YAML string.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

/// A value of the owl.yml an import writes.
enum OwlSetting {
    case text(String)
    case list([String])
    case map([(String, String)])
}

extension FileManager {
    /// The files below `folder` (relative paths, sorted), hidden ones and those in `skipping`
    /// folders left out; none when the folder does not exist.
    func importFiles(below folder: URL, skipping: Set<String> = []) -> [String] {
        guard let enumerator = enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) else { return [] }
        var files: [String] = []
        let base = folder.standardizedFileURL.path
        while let url = enumerator.nextObject() as? URL {
            let path = String(url.standardizedFileURL.path.dropFirst(base.count + 1))
            if skipping.contains(path) {
                enumerator.skipDescendants()
                continue
            }
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { files.append(path) }
        }
        return files.sorted()
    }
}
