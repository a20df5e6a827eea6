import Foundation

/// The folders and files a build wrote, read into memory with their bytes: what the
/// file-system floor (``FileSystemFloor``) makes again.
struct BuildTree {
    /// Folder paths relative to the tree's root, parents before their children.
    var folders: [String]
    /// File paths relative to the tree's root, with their bytes.
    var files: [(path: String, bytes: [UInt8])]

    /// The bytes of every file together.
    var byteCount: Int { files.reduce(0) { $0 + $1.bytes.count } }

    /// Reads each of `roots` (a folder on disk, and the name it takes below the tree's root).
    /// A root that does not exist is left out (a build that writes no cache, say); anything
    /// in a root other than folders and regular files is an error, as the floor would not
    /// make it.
    init(roots: [(folder: URL, name: String)]) throws {
        folders = []
        files = []
        for (folder, name) in roots where FileManager.default.fileExists(atPath: folder.path) {
            folders.append(name)
            try read(folder.path, as: name)
        }
        // Parents before children: a folder's path has fewer slashes than its subfolders'.
        folders.sort { ($0.utf8.count { $0 == UInt8(ascii: "/") }, $0) < ($1.utf8.count { $0 == UInt8(ascii: "/") }, $1) }
    }

    private mutating func read(_ path: String, as relative: String) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: path).sorted() {
            let full = path + "/" + name, inTree = relative + "/" + name
            let type = try FileManager.default.attributesOfItem(atPath: full)[.type] as? FileAttributeType
            switch type {
            case .typeDirectory?:
                folders.append(inTree)
                try read(full, as: inTree)
            case .typeRegular?:
                guard let data = FileManager.default.contents(atPath: full) else { throw BuildBenchmarks.BenchError("cannot read \(full)") }
                files.append((inTree, [UInt8](data)))
            default:
                throw BuildBenchmarks.BenchError("\(full) is neither a folder nor a regular file")
            }
        }
    }
}
