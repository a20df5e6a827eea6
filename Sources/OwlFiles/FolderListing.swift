#if canImport(Glibc)
import Glibc
#endif

/// Folder listings with plain system calls (no `.` and `..`), for watching a folder's
/// contents; a build lists its sources with `FileTree`, which checks every entry.
package enum FolderListing {
    /// Names of the entries in the folder at `path`, sorted; empty when it cannot be read.
    package static func entries(of path: String) -> [String] {
        guard let folder = opendir(path) else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Names of the folders (not links to folders) directly inside `path`.
    package static func subfolders(of path: String) -> [String] {
        entries(of: path).filter { FileKind(entryAt: path + "/" + $0) == .folder }
    }
}
