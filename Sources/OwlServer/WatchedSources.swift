import OwlSite

/// The parts of a site folder whose changes call for a rebuild.
public struct WatchedSources: Sendable, Equatable {
    /// The site folder.
    public var root: String
    /// Folders below `root` watched with everything inside them.
    public var folders: [String]
    /// Single files directly below `root`.
    public var files: [String]

    /// The sources of the site in `root`: `content/`, `Templates/`, `static/`, `data/` and `owl.yml`.
    public init(root: String, folders: [String] = BuildOptions.sourceFolders, files: [String] = ["owl.yml"]) {
        self.root = root
        self.folders = folders
        self.files = files
    }

    /// Whether an entry called `name` directly below `root` is watched.
    func watchesTopLevel(_ name: String) -> Bool {
        folders.contains(name) || files.contains(name)
    }

    /// Whether a change to a file called `name` inside a watched folder matters: not for
    /// what tools leave there, which builds skip; hidden files do, as `static/` copies them.
    static func isSourceName(_ name: String) -> Bool {
        !BuildOptions.isToolLeftover(name)
    }
}
