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
        entries = Self.sorted(entries)
        // Each path is the folder's with the name after it: the folder's, with its `/`, made
        // once (two appends for each of 10,000 files took seven million instructions).
        let folderPrefix = relative.isEmpty ? "" : relative + "/"
        for entry in entries {
            if entry.isFolder {
                try collect(root: root, relative: folderPrefix + entry.key.dropLast(), keepingHidden: keepingHidden, links: links, into: &result)
            } else {
                result.append(folderPrefix.isEmpty ? entry.key : folderPrefix + entry.key)
            }
        }
    }

    /// `entries` in the order of their keys. Where every key is ASCII, they are sorted by the
    /// keys' first sixteen bytes as two big-endian integers (a shorter key's missing bytes
    /// zero), which order ASCII text as it sorts, the keys compared only where those are
    /// equal: sorting the 10,000 names of a folder of posts as strings took ten million
    /// instructions, the most of any part of listing the sources.
    private static func sorted(_ entries: [(key: String, isFolder: Bool)]) -> [(key: String, isFolder: Bool)] {
        var order: [(prefix: (UInt64, UInt64), index: Int)] = []
        order.reserveCapacity(entries.count)
        for index in entries.indices {
            guard let prefix = asciiPrefix(of: entries[index].key) else { return entries.sorted { $0.key < $1.key } }
            order.append((prefix, index))
        }
        order.sort { first, second in
            if first.prefix != second.prefix { return first.prefix < second.prefix }
            return entries[first.index].key < entries[second.index].key
        }
        return order.map { entries[$0.index] }
    }

    /// The first sixteen bytes of `key` as two big-endian integers; nil when it is not ASCII
    /// (or not held as contiguous UTF-8, as names read from a folder are).
    private static func asciiPrefix(of key: String) -> (UInt64, UInt64)? {
        key.utf8.withContiguousStorageIfAvailable { bytes -> (UInt64, UInt64)? in
            var (high, low): (UInt64, UInt64) = (0, 0)
            for (index, byte) in bytes.enumerated() {
                guard byte < 0x80 else { return nil }
                if index < 8 {
                    high |= UInt64(byte) << (56 - 8 * UInt64(index))
                } else if index < 16 {
                    low |= UInt64(byte) << (120 - 8 * UInt64(index))
                }
            }
            return (high, low)
        } ?? nil
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
