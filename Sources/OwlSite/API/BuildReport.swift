/// What a successful build produced.
public struct BuildReport: Sendable {
    /// The build id: 16 hex digits, a hash of the output.
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

    /// The one-line summary printed at the end of a build.
    public var summary: String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let time = String(format: "%.2f s", seconds)
        return "Built \(pageCount) pages (\(renderedPageCount) rendered), \(listCount) lists in \(time) (build \(buildID))"
    }
}
