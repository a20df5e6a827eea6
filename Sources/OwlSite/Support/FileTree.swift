import Foundation

/// Listing the files of a folder in a stable order.
enum FileTree {
    /// The regular files below `folder` as sorted relative paths, hidden files and folders left out.
    static func files(below folder: URL) throws -> [String] {
        let root = folder.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else {
            throw SiteError(file: root, "cannot read the folder")
        }
        var result: [String] = []
        while let path = enumerator.nextObject() as? String {
            let name = (path as NSString).lastPathComponent
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            if enumerator.fileAttributes?[.type] as? FileAttributeType == .typeRegular { result.append(path) }
        }
        return result.sorted()
    }

    /// `url` relative to `root` when it is inside it.
    static func display(_ url: URL, relativeTo root: URL) -> String {
        let path = url.standardizedFileURL.path
        let base = root.standardizedFileURL.path
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }
}
