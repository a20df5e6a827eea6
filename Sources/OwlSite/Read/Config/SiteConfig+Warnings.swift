import Foundation

extension SiteConfig {
    /// Warnings for the sections of `owl.yml` that name no folder of `content/` in `source`,
    /// whose settings apply to nothing (`post:` for `posts/`).
    func sectionWarnings(source: URL) -> [SiteError] {
        sections.keys.sorted().compactMap { name in
            var isFolder: ObjCBool = false
            let folder = source.appendingPathComponent("content").appendingPathComponent(name)
            guard !FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) || !isFolder.boolValue else { return nil }
            return SiteError(file: "owl.yml", line: sectionLines[name], "section '\(name)' has no folder content/\(name)/: its settings apply to nothing")
        }
    }
}
