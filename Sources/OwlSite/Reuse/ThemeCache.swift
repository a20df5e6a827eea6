import Foundation
import Owl

/// The theme's templates as an earlier build compiled them, kept in `.owl-cache/theme.bin`
/// with the hash of the theme they were compiled from (``TemplateSet/fingerprint``) and of
/// the program that compiled them. A build whose theme is that one makes its templates from
/// here rather than parsing them: parsing the built-in theme's templates, compiling them
/// (swift-mustache's parse, read by reflection) and checking their includes took 40 million
/// instructions of every build, a sixteenth of a one-post rebuild of 10,000 posts and more
/// than half of one of 100 posts. What the checks found is true of the same texts: a theme
/// is kept only once it passed them.
///
/// The file ends with a checksum and starts with a format version and the key (``CacheFile``):
/// one that does not check out, or was made from another theme, is not used.
struct ThemeCache: Sendable {
    /// The compiled forms of a theme's templates, and what the theme's checks found.
    struct Entry: Equatable, Sendable {
        /// ``TemplateLibrary/compiled``: the templates that compile, by name.
        var compiled: [String: CompiledTemplate]
        /// ``TemplateSet/cellsShowContent``.
        var cellsShowContent: Bool
    }

    /// The file, nil when builds keep no cache.
    let file: URL?
    /// The program that compiles (``BuildOptions/renderer``): swift-mustache's parse is its.
    private let renderer: String

    private static let formatVersion = 1

    /// The theme cache in `cacheFolder` (none when `cacheFolder` is nil), for templates
    /// compiled by `renderer`.
    init(cacheFolder: URL?, renderer: String) {
        file = cacheFolder?.appendingPathComponent("theme.bin")
        self.renderer = renderer
    }

    /// A cache that keeps nothing: every theme is parsed.
    static let none = ThemeCache(cacheFolder: nil, renderer: "")

    /// What was kept of the theme whose fingerprint is `fingerprint`; nil when nothing was,
    /// or what was does not read back.
    func load(fingerprint: String) -> Entry? {
        guard let file, let bytes = CacheFile.read(file.path) else { return nil }
        var input = BinaryReader(bytes)
        guard (try? input.int()) == Self.formatVersion, (try? input.uint64()) == key(fingerprint),
              let entry = try? Self.entry(from: &input), input.isAtEnd else { return nil }
        return entry
    }

    /// Keeps `entry` for the theme whose fingerprint is `fingerprint`.
    func save(_ entry: Entry, fingerprint: String) {
        guard let file else { return }
        var out = BinaryWriter()
        out.int(Self.formatVersion)
        out.uint64(key(fingerprint))
        out.bool(entry.cellsShowContent)
        out.int(entry.compiled.count)
        for (name, template) in entry.compiled.sorted(by: { $0.key < $1.key }) {
            out.string(name)
            Self.write(template.nodes, to: &out)
        }
        CacheFile.makeCacheFolder(file.deletingLastPathComponent())
        CacheFile.write(out.bytes, to: file)
    }

    private func key(_ fingerprint: String) -> UInt64 {
        ContentHash("theme \(Self.formatVersion)\nrenderer \(renderer)\ntheme \(fingerprint)").value
    }

    // MARK: The binary form

    private static func write(_ nodes: [CompiledTemplate.Node], to out: inout BinaryWriter) {
        out.int(nodes.count)
        for node in nodes {
            switch node {
            case let .text(text):
                out.int(0)
                out.string(text)
            case let .variable(name, escaped):
                out.int(1)
                out.string(name.text)
                out.bool(escaped)
            case let .section(name, inverted, children):
                out.int(2)
                out.string(name.text)
                out.bool(inverted)
                write(children, to: &out)
            case let .partial(name, indentation):
                out.int(3)
                out.string(name)
                out.string(indentation)
            }
        }
    }

    private static func entry(from input: inout BinaryReader) throws -> Entry {
        let cellsShowContent = try input.bool()
        var compiled: [String: CompiledTemplate] = [:]
        for _ in 0..<(try input.count()) {
            let name = try input.string()
            compiled[name] = CompiledTemplate(nodes: try nodes(from: &input, depth: 0))
        }
        return Entry(compiled: compiled, cellsShowContent: cellsShowContent)
    }

    /// Nodes nested `depth` sections deep. A theme is kept only once its sections nest at
    /// most ``TemplateSet/nestingLimit`` deep: a file that nests deeper was not written by
    /// a build, and is refused before the recursion could exhaust the stack.
    private static func nodes(from input: inout BinaryReader, depth: Int) throws -> [CompiledTemplate.Node] {
        guard depth <= TemplateSet.nestingLimit else { throw BinaryReader.Malformed() }
        return try (0..<input.count()).map { _ -> CompiledTemplate.Node in
            switch try input.int() {
            case 0: return .text(try input.string())
            case 1: return .variable(TemplateName(try input.string()), escaped: try input.bool())
            case 2:
                let name = TemplateName(try input.string())
                let inverted = try input.bool()
                return .section(name, inverted: inverted, try nodes(from: &input, depth: depth + 1))
            case 3: return .partial(try input.string(), indentation: try input.string())
            default: throw BinaryReader.Malformed()
            }
        }
    }
}
