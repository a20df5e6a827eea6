/// What a successful build produced.
public struct BuildReport: Sendable {
    /// The build id: 16 hex digits, a hash of the whole output, which names the build's
    /// record in the cache. It appears nowhere in the output: pages carry their own versions.
    public var buildID: String
    /// HTML pages written.
    public var pageCount: Int
    /// Lists rendered across all pages.
    public var listCount: Int
    /// Wall time of the build.
    public var duration: Duration
    /// Problems that did not stop the build (broken internal links).
    public var warnings: [SiteError]
    /// Pages rendered anew rather than taken from the cache.
    public var renderedPageCount: Int
    /// Feeds made anew rather than taken from the previous output (``FeedCache``).
    public var renderedFeedCount: Int
    /// The keys (``PageVersion``, 16 hex digits, sorted) of the pages that the build added,
    /// changed or removed, for `serve`'s live `build` event; nil when the previous build is
    /// not known (a first build, or one without a cache), and any page may have changed.
    public var changedPageKeys: [String]?

    /// The one-line summary printed at the end of a build.
    public var summary: String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let time = String(format: "%.2f s", seconds)
        return "Built \(pageCount) pages (\(renderedPageCount) rendered), \(listCount) lists in \(time) (build \(buildID))"
    }
}
