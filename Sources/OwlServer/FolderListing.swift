#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Folder listings with plain system calls (no `.` and `..`).
enum FolderListing {
    /// Names of the entries in the folder at `path`; empty when it cannot be read.
    static func entries(of path: String) -> [String] {
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
    static func subfolders(of path: String) -> [String] {
        entries(of: path).filter { name in
            var info = stat()
            return lstat(path + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        }
    }
}
