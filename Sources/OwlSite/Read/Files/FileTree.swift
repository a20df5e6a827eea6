import Foundation
import OwlFiles
#if canImport(Glibc)
import Glibc
#endif

/// Listing the files of a source folder in a stable order, checking each entry on the way:
/// a build reads regular files and folders, and says so when it finds anything else (a FIFO
/// would hang the read, a device never end it), a name that is not UTF-8, or a link that
/// breaks ``SourceLinks``' rule.
enum FileTree {
    /// The regular files below `folder` as sorted relative paths, without what tools leave
    /// there (``BuildOptions/isToolLeftover(_:)``). Other hidden files and folders are left
    /// out too, unless `keepingHidden`. `site` is the site folder, which errors name files
    /// from and links must stay inside: the folder holding `folder` unless given. Throws
    /// an error naming the entry for anything but a file or a folder (or a link to a file,
    /// inside the site), and when `folder` is not a folder.
    static func files(below folder: URL, keepingHidden: Bool = false, site: URL? = nil) throws -> [String] {
        let root = folder.standardizedFileURL.path
        let links = try SourceLinks(site: site ?? folder.standardizedFileURL.deletingLastPathComponent())
        let shown = display(folder, relativeTo: links.site)
        try links.check(root, allowingFolder: true)
        var status = stat()
        guard stat(root, &status) == 0 else { throw SiteError(file: shown, "cannot read the folder: \(String(cString: strerror(errno)))") }
        guard FileKind(mode: status.st_mode) == .folder else {
            throw SiteError(file: shown, "\(FileKind(mode: status.st_mode).described), where a folder should be")
        }
        var result: [String] = []
        try collect(root: root, relative: "", keepingHidden: keepingHidden, links: links, into: &result)
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
    private static func collect(root: String, relative: String, keepingHidden: Bool, links: SourceLinks, into result: inout [String]) throws {
        let folderPath = relative.isEmpty ? root : root + "/" + relative
        guard let directory = opendir(folderPath) else {
            let reason = String(cString: strerror(errno))
            throw SiteError(file: display(URL(fileURLWithPath: folderPath), relativeTo: links.site), "cannot read the folder: \(reason)")
        }
        // Each entry by the key it is sorted by: its name, with a `/` after a folder's, so that
        // a folder comes where its files' paths do (the name alone besides it made each entry
        // twice as big to move about in the sort, which took a third of the listing's time).
        var entries: [(key: String, isFolder: Bool)] = []
        var failure: SiteError?
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(validatingCString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            guard let name else {
                // A hidden one is left out as any hidden name is; the others cannot be read.
                let isHidden = withUnsafePointer(to: &entry.pointee.d_name) { UnsafeRawPointer($0).load(as: UInt8.self) == UInt8(ascii: ".") }
                if keepingHidden || !isHidden { failure = failure ?? badName(entry, in: folderPath, links: links) }
                continue
            }
            if name == "." || name == ".." || BuildOptions.isToolLeftover(name) || (!keepingHidden && name.hasPrefix(".")) { continue }
            var kind: FileKind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .file
            case Int32(DT_DIR): kind = .folder
            default:
                // Rare enough to look at one by one: links, file systems that give no type, and what a build refuses.
                let path = folderPath + "/" + name
                kind = FileKind(entryAt: path) ?? .unknown
                if kind == .link {
                    do { kind = try links.target(ofLink: path) } catch { failure = failure ?? (error as? SiteError); continue }
                }
            }
            switch kind {
            case .folder: entries.append((name + "/", true))
            case .file: entries.append((name, false))
            default:
                let shown = display(URL(fileURLWithPath: folderPath + "/" + name), relativeTo: links.site)
                failure = failure ?? SiteError(file: shown, "\(kind.described), not a file or a folder: a build reads regular files only; remove it")
            }
        }
        closedir(directory)
        if let failure { throw failure }
        entries.sort { $0.key < $1.key }
        for entry in entries {
            let name = entry.isFolder ? String(entry.key.dropLast()) : entry.key
            let path = relative.isEmpty ? name : relative + "/" + name
            if entry.isFolder {
                try collect(root: root, relative: path, keepingHidden: keepingHidden, links: links, into: &result)
            } else {
                result.append(path)
            }
        }
    }

    /// The error for an entry whose name is not UTF-8 (a page's address, a template's name
    /// and every message are text), showing its other bytes as `\xFF`.
    private static func badName(_ entry: UnsafeMutablePointer<dirent>, in folderPath: String, links: SourceLinks) -> SiteError {
        let bytes = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
            let name = UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
            return Array(UnsafeBufferPointer(start: name, count: strlen(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))))
        }
        let shown = bytes.map { (0x20..<0x7F).contains($0) ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }.joined()
        let folder = display(URL(fileURLWithPath: folderPath), relativeTo: links.site)
        return SiteError(file: folder + "/" + shown, "the name is not UTF-8: rename it")
    }

    /// `url` relative to `root` when it is inside it.
    static func display(_ url: URL, relativeTo root: URL) -> String {
        let path = url.standardizedFileURL.path
        let base = root.standardizedFileURL.path
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }
}
