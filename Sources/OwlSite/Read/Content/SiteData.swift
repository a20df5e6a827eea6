import Foundation
import Owl
import Yams
import OwlFiles

/// The files of `data/`, YAML (`.yml`, `.yaml`) or JSON (`.json`), which every layout sees
/// as `site.data`, named after them: `data/links.yml` is `site.data.links`, and
/// `data/team/owls.json` is `site.data.team.owls`, as Hugo's `data/` and Jekyll's `_data/` are.
struct SiteData: Sendable {
    /// Each file's value, by name; a folder's files in a mapping of their own.
    var values: [String: FieldValue] = [:]

    /// The folder below the source that holds the files.
    static let folder = "data"
    /// The endings of data files.
    static let extensions: Set<String> = ["yml", "yaml", "json"]

    /// The data files of the site in `root`: none without a `data/` folder.
    static func load(from root: URL) throws -> SiteData {
        let folder = root.appendingPathComponent(Self.folder)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else { return SiteData() }
        guard isFolder.boolValue else {
            let kind = FileKind(entryAt: folder.path) ?? .file
            throw SiteError(file: Self.folder, "this is \(kind.described), where a site's data files go in a folder data/; rename it")
        }
        var data = SiteData()
        // The file each name comes from, and the names that are folders: a name is one or the other.
        var files: [[String]: String] = [:], folders: [[String]: String] = [:]
        for path in try FileTree.files(below: folder) {
            let file = "\(Self.folder)/\(path)"
            var names = path.split(separator: "/").map(String.init)
            let fileName = names.removeLast()
            guard let dot = fileName.lastIndex(of: "."), extensions.contains(fileName[fileName.index(after: dot)...].lowercased()) else {
                throw SiteError(file: file, "a data file is YAML (.yml, .yaml) or JSON (.json); move this one out of data/")
            }
            names.append(String(fileName[..<dot]))
            if let bad = names.first(where: { $0.isEmpty || $0.contains(where: { $0 == "." || $0.isWhitespace }) }) {
                throw SiteError(file: file, "'\(bad)' cannot name a value in templates (site.data.\(names.joined(separator: "."))): rename it without dots or spaces")
            }
            if let other = files[names] ?? folders[names] {
                throw SiteError(file: file, "site.data.\(names.joined(separator: ".")) is \(other) too; keep one of them")
            }
            for end in names.indices.dropLast() {
                let folderNames = Array(names[...end])
                if let other = files[folderNames] {
                    throw SiteError(file: file, "site.data.\(folderNames.joined(separator: ".")) is \(other) too; keep one of them")
                }
                folders[folderNames] = "the folder data/\(folderNames.joined(separator: "/"))/"
            }
            files[names] = file
            data.insert(try value(of: folder.appendingPathComponent(path), file: file), at: names[...])
        }
        return data
    }

    /// The value the file at `url` (shown as `file`) holds.
    private static func value(of url: URL, file: String) throws -> FieldValue {
        let text = try SourceText.decode(try SourceText.bytes(url, displayName: file, limit: SourceText.textLimit), displayName: file)
        guard let node = try YAMLDocument.compose(text, file: file, firstLine: 1) else { return .nothing }
        var budget = FieldValue.limit
        guard let value = FieldValue(node, budget: &budget) else {
            throw SiteError(file: file, "the file holds more than \(FieldValue.limit) values (YAML aliases can repeat them)")
        }
        return value
    }

    /// Puts `value` at `names`, making the mappings of the folders on the way.
    private mutating func insert(_ value: FieldValue, at names: ArraySlice<String>) {
        guard names.count > 1 else {
            values[names.first!] = value
            return
        }
        var folder = SiteData()
        if case let .map(entries)? = values[names.first!] { folder.values = entries }
        folder.insert(value, at: names.dropFirst())
        values[names.first!] = .map(folder.values)
    }

    /// The values templates see as `site.data`.
    var templateValue: TemplateValue { .map(values.mapValues(\.templateValue)) }

    /// A hash of every value, for the keys of the pages, which all show them.
    var hash: UInt64 {
        var out = BinaryWriter()
        FieldValue.map(values).write(to: &out)
        return XXH64.hash(out.bytes)
    }
}
