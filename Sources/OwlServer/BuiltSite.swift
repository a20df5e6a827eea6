/// A build the dev server made: the pages it changed, which open pages refresh for, and
/// the warnings it gave (broken links and the like), shown where the server reports it.
public struct BuiltSite: Sendable, Equatable {
    /// The build id, shown in the terminal.
    public var id: String
    /// Each warning, one line, without the `warning: ` prefix.
    public var warnings: [String]
    /// The keys of the pages this build added, changed or removed (BRIEF §1, §5), sent in
    /// the `build` event (`owl-site serve` passes `BuildReport.changedPageKeys`); nil when
    /// unknown, and then every open page refreshes.
    public var changedPages: [String]?

    /// A build `id` that gave `warnings` and changed `changedPages` (nil: unknown).
    public init(id: String, warnings: [String] = [], changedPages: [String]? = nil) {
        self.id = id
        self.warnings = warnings
        self.changedPages = changedPages
    }
}
