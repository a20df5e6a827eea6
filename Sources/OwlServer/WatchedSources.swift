/// The parts of a site folder whose changes call for a rebuild.
public struct WatchedSources: Sendable, Equatable {
    /// The site folder.
    public var root: String
    /// Folders below `root` watched with everything inside them.
    public var folders: [String]
    /// Single files directly below `root`.
    public var files: [String]

    /// The sources of the site in `root`: `content/`, `Templates/`, `static/` and `owl.yml`.
    public init(root: String, folders: [String] = ["content", "Templates", "static"], files: [String] = ["owl.yml"]) {
        self.root = root
        self.folders = folders
        self.files = files
    }

    /// Whether an entry called `name` directly below `root` is watched.
    func watchesTopLevel(_ name: String) -> Bool {
        folders.contains(name) || files.contains(name)
    }

    /// Whether a change to a file called `name` inside a watched folder matters: editors'
    /// swap, backup and lock files and the Finder's `.DS_Store` do not; other hidden files
    /// do, as `static/.well-known/` and `static/.htaccess` are copied.
    static func isSourceName(_ name: String) -> Bool {
        !(name == ".DS_Store" || name.hasPrefix(".#") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swx"))
    }
}
