/// A build the dev server made: its id, which open pages update to, and the warnings it
/// gave (broken links and the like), shown where the server reports the build.
public struct BuiltSite: Sendable, Equatable {
    /// The build id.
    public var id: String
    /// Each warning, one line, without the `warning: ` prefix.
    public var warnings: [String]

    /// A build `id` that gave `warnings`.
    public init(id: String, warnings: [String] = []) {
        self.id = id
        self.warnings = warnings
    }
}
