import Foundation

extension BuildOptions {
    /// The folders below the source whose files become part of the site.
    public static let sourceFolders = ["content", "Templates", "static", "data"]

    /// Whether a file or folder called `name` in the source folders is one that tools leave
    /// there, never part of the site: version control's folders, the Finder's `.DS_Store`,
    /// editors' swap, lock and backup files. (Other hidden names count in `static/` alone.)
    public static func isToolLeftover(_ name: String) -> Bool {
        // By bytes: a site's content folder holds thousands of names, few of them hidden.
        if name.utf8.first == UInt8(ascii: ".") && (toolFolders.contains(name) || name.utf8.dropFirst().first == UInt8(ascii: "#")) { return true }
        // The ends looked at in the string's own bytes: through its `utf8` view (`suffix`,
        // `elementsEqual`) the check took 770 instructions a name.
        var name = name
        return name.withUTF8 { bytes in
            guard let last = bytes.last else { return false }
            if last == UInt8(ascii: "~") { return true }
            // `.swp` or `.swx`
            return bytes.count >= 4 && bytes[bytes.count - 4] == UInt8(ascii: ".") && bytes[bytes.count - 3] == UInt8(ascii: "s")
                && bytes[bytes.count - 2] == UInt8(ascii: "w") && (last == UInt8(ascii: "p") || last == UInt8(ascii: "x"))
        }
    }

    /// The hidden names that version control and the Finder leave.
    private static let toolFolders: Set<String> = [".git", ".hg", ".svn", ".DS_Store"]

    /// Refuses a source that is not a folder or holds no `content/`, and an output folder that
    /// the build would swap over its own sources: the site folder itself or a folder holding
    /// it, or one inside `content/`, `Templates/`, `static/` or `data/`, whose files the next build (or
    /// `serve`'s watcher) would take for sources; and an output that holds something other
    /// than an earlier build. Every build checks this first; `serve` checks it before it serves.
    public func checkFolders() throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: self.source.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw SiteError(file: self.source.path, "no such folder: the source is the site's folder, which holds content/")
        }
        guard FileManager.default.fileExists(atPath: self.source.appendingPathComponent("content").path) else {
            throw SiteError(file: "content", "no content folder: the source needs content/ with Markdown files")
        }
        let output = self.output.resolvingSymlinksInPath().path
        let source = self.source.resolvingSymlinksInPath().path
        if source == output || source.hasPrefix(output == "/" ? "/" : output + "/") {
            throw SiteError("the output folder \(output) holds the site folder \(source): building would replace the sources; choose another --output")
        }
        for folder in Self.sourceFolders {
            let sources = (source as NSString).appendingPathComponent(folder)
            if output == sources || output.hasPrefix(sources + "/") {
                throw SiteError(file: "\(folder)/", "the output folder \(output) is inside the site's \(folder)/ folder; choose an --output outside it")
            }
        }
        try checkOutputHoldsOnlyABuild()
    }

    /// Refuses an output that is a file, or a folder that holds something but no earlier
    /// build: the build would swap it out and a later build empty it (`--output ~/Documents`).
    /// An empty folder, or none, is fine.
    private func checkOutputHoldsOnlyABuild() throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: output.path, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else {
            throw SiteError("the output \(output.path) is a file, not a folder: building would replace it; choose another --output")
        }
        guard !AtomicOutput.holdsBuild(output),
              let names = try? FileManager.default.contentsOfDirectory(atPath: output.path), !names.isEmpty else { return }
        throw SiteError(
            "the output folder \(output.path) holds files but no earlier build of a site: building would replace them; empty it, or choose another --output"
        )
    }
}
