import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Listing the files of a folder in a stable order.
enum FileTree {
    /// The regular files below `folder` as sorted relative paths, without what tools leave
    /// there (``BuildOptions/isToolLeftover(_:)``). Other hidden files and folders are left
    /// out too, unless `keepingHidden`.
    static func files(below folder: URL, keepingHidden: Bool = false) throws -> [String] {
        let root = folder.standardizedFileURL.path
        guard let directory = opendir(root) else { throw SiteError(file: root, "cannot read the folder") }
        closedir(directory)
        var result: [String] = []
        collect(root: root, relative: "", keepingHidden: keepingHidden, into: &result)
        return result
    }

    /// Every folder that holds one of `paths` (relative, `/`-separated), parents included.
    static func folders(holding paths: some Sequence<String>) -> Set<String> {
        var folders = Set<String>()
        for path in paths {
            var end = path.utf8.endIndex
            while let slash = path.utf8[..<end].lastIndex(of: UInt8(ascii: "/")),
                  folders.insert(String(path[..<slash])).inserted {
                end = slash
            }
        }
        return folders
    }

    /// Appends the files below `relative` to `result`, in order. Each folder's names are
    /// sorted, not the whole paths: names are short, and compared faster (sorting 10,000
    /// paths took half a rebuild's walk). A folder's name sorts with the `/` that follows it
    /// in its files' paths (`a.md` before `a/z.md`, as the paths sort).
    private static func collect(root: String, relative: String, keepingHidden: Bool, into result: inout [String]) {
        guard let directory = opendir(relative.isEmpty ? root : root + "/" + relative) else { return }
        var entries: [(key: String, name: String, isFolder: Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." || BuildOptions.isToolLeftover(name) || (!keepingHidden && name.hasPrefix(".")) { continue }
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) || type == UInt8(DT_LNK) {
                // A link counts when it leads to a file; links to folders are not followed (no cycles).
                let path = root + "/" + (relative.isEmpty ? name : relative + "/" + name)
                var status = stat()
                let isLink = type == UInt8(DT_LNK)
                guard (isLink ? stat(path, &status) : lstat(path, &status)) == 0 else { continue }
                let format = status.st_mode & S_IFMT
                type = format == S_IFREG ? UInt8(DT_REG) : (format == S_IFDIR && !isLink ? UInt8(DT_DIR) : 0)
            }
            if type == UInt8(DT_DIR) {
                entries.append((name + "/", name, true))
            } else if type == UInt8(DT_REG) {
                entries.append((name, name, false))
            }
        }
        closedir(directory)
        entries.sort { $0.key < $1.key }
        for entry in entries {
            let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
            if entry.isFolder {
                collect(root: root, relative: path, keepingHidden: keepingHidden, into: &result)
            } else {
                result.append(path)
            }
        }
    }

    /// `url` relative to `root` when it is inside it.
    static func display(_ url: URL, relativeTo root: URL) -> String {
        let path = url.standardizedFileURL.path
        let base = root.standardizedFileURL.path
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }
}
