import Foundation
import Owl

/// What to build and where: the inputs of one `owl-site build`.
public struct BuildOptions: Sendable {
    /// The site folder holding `content/`, and optionally `Templates/`, `static/` and `owl.yml`.
    public var source: URL
    /// The output folder, replaced as a whole when the build succeeds.
    public var output: URL
    /// Includes drafts and future-dated items.
    public var includeDrafts: Bool
    /// Overrides `baseURL` from `owl.yml` (for example `https://example.com/blog/`).
    public var baseURL: String?
    /// Prints nothing but errors.
    public var quiet: Bool
    /// Reuses `.owl-cache/` beside the source to re-render only what changed.
    public var incremental: Bool
    /// The moment that decides which dated items are in the future.
    public var now: Date
    /// Which program renders the site. The caches are kept for it alone: another version
    /// of owl-site may render the same sources differently, so its pages and Markdown are
    /// rendered afresh. By default, the running program and its libraries (``runningExecutable``).
    public var renderer: String
    /// A rebuild that renders at least this many pages writes each into the folder it builds
    /// as soon as it is rendered, as a first build does, rather than holding every page's
    /// bytes until the end: a rebuild that rendered all of 100,000 pages (after a change of
    /// theme or settings, or with a new owl-site) peaked at 1.76 GB, twice a cold build.
    /// Fewer pages take little memory, and a build that fails after writing some leaves the
    /// next one the spare to write whole (``AtomicOutput/prepareSpare(records:)``).
    var writesAsItRendersFrom = 1_000

    /// Options for building `source` into `output` (default: `public/` inside the source).
    public init(
        source: URL,
        output: URL? = nil,
        includeDrafts: Bool = false,
        baseURL: String? = nil,
        quiet: Bool = false,
        incremental: Bool = true,
        now: Date = Date(),
        renderer: String = BuildOptions.runningExecutable
    ) {
        self.source = source.standardizedFileURL
        self.output = (output ?? source.appendingPathComponent("public")).standardizedFileURL
        self.includeDrafts = includeDrafts
        self.baseURL = baseURL
        self.quiet = quiet
        self.incremental = incremental
        self.now = now
        self.renderer = renderer
    }

    /// The running program as a renderer: its GNU build ID, which its linker made from what it
    /// linked, and those of the shared libraries loaded with it (cmark-gfm's among them: a
    /// new cmark-gfm may render Markdown differently). A copy, a hard link, a `chmod` or a
    /// reinstall of the same owl-site keeps the caches, so that a CI job that restores
    /// `.owl-cache/` and fetches owl-site afresh renders only what changed (with the
    /// program's size, change time and inode, as before, every such build rendered every
    /// page); another build of owl-site or of a library renders every page afresh. An
    /// object without a build ID is known by its file's size, change time and inode instead.
    public static let runningExecutable: String = renderer(of: LoadedObjects.all())

    /// The renderer that `objects` (``LoadedObjects/all()``: the program first) make.
    static func renderer(of objects: [LoadedObjects.Object]) -> String {
        guard let program = objects.first, program.name.isEmpty, let programID = program.buildID else {
            // Without /proc, the command's own path; a bare name found through PATH gives
            // "unknown", and then caches outlive a new version, as they did before.
            return fileIdentity("/proc/self/exe") ?? fileIdentity(CommandLine.arguments.first ?? "") ?? "unknown"
        }
        var libraries = ContentHasher()
        for library in objects.dropFirst() {
            libraries.update(with: library.name + "\u{0}")
            if let id = library.buildID {
                // Marked by a byte no file identity starts with (those are digits, or empty).
                libraries.update(with: [1] + id)
            } else {
                libraries.update(with: fileIdentity(library.name) ?? "")
            }
        }
        return "build \(hex(programID)) libraries \(libraries.hash)"
    }

    /// The size, change time and inode of the file at `path`: a new build or copy of it
    /// differs in one of them. Nil when it cannot be read.
    private static func fileIdentity(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return "\(status.st_size)-\(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec)-\(status.st_ino)"
    }

    /// `bytes` as two lowercase hex digits each (``PageVersion/hexDigit(_:)``'s).
    private static func hex(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.flatMap { [PageVersion.hexDigit(UInt64($0 >> 4)), PageVersion.hexDigit(UInt64($0))] }, as: UTF8.self)
    }
}
