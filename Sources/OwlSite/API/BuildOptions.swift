import Foundation

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
    /// rendered afresh. By default, the running executable (its size, change time and inode).
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

    /// The running executable's size, change time and inode: a new build or copy of
    /// owl-site differs in one of them.
    public static let runningExecutable: String = {
        var status = stat()
        // Without /proc, the command's own path; a bare name found through PATH gives
        // "unknown", and then caches outlive a new version, as they did before.
        guard stat("/proc/self/exe", &status) == 0 || stat(CommandLine.arguments.first ?? "", &status) == 0 else { return "unknown" }
        return "\(status.st_size)-\(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec)-\(status.st_ino)"
    }()
}
