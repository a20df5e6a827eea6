import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A Markdown page to start, for `owl-site new`: front matter with a title made from its
/// name, today's date, and `draft: true`, which keeps it out of builds until the line goes.
public struct NewPage: Sendable, Equatable {
    /// The file, relative to the site folder (`content/posts/my-trip.md`).
    public let file: String
    /// What the file holds.
    public let text: String
    /// The page's address below the site root, as a build gives it (`/posts/my-trip/`).
    let address: String

    /// The page at `path` below `content/`, dated `now` (in UTC). `posts/my-trip.md` is that
    /// file, `posts/my-trip` the same, and `posts/my-trip/` a page bundle's `index.md`; a
    /// leading `content/` is taken as part of the folder's name. Throws for a path that leaves
    /// `content/`, that builds would leave out (hidden), and for whatever a build refuses of
    /// the page: its text is read as a build reads it, by the same code, so that what `new`
    /// starts, `build` takes (an address a URL cannot carry, too long, in `_owl/`, or where a
    /// file the build writes goes: `feed.xml`, `posts/feed.xml`, `assets/site.css`).
    public init(path: String, now: Date) throws {
        var relative = path.hasPrefix("content/") ? String(path.dropFirst("content/".count)) : path
        if relative.hasSuffix("/") { relative += "index.md" }
        if !SitePath.isMarkdown(relative) { relative += ".md" }
        var folders = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let fileName = folders.removeLast()
        let name = String(fileName[..<fileName.lastIndex(of: ".")!])
        let source = "content/" + relative
        guard !path.hasPrefix("/"), !folders.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }), !name.isEmpty else {
            throw SiteError(file: path, "a new page goes below content/, as posts/my-trip.md")
        }
        for part in folders + [fileName] {
            if part.hasPrefix(".") {
                throw SiteError(file: source, "'\(part)' starts with '.': builds leave hidden files and folders out")
            }
            if part.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                throw SiteError(file: source, "'\(part.debugDescription.dropFirst().dropLast())' has a control character: name it without one")
            }
        }
        // `index` and `_index` are the pages of their folders, and named after them.
        let titled = (name == "index" || name == "_index") ? folders.last ?? "Home" : name
        let title = SitePath.title(fromName: titled)
        let quoted = title.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        file = source
        text = "---\ntitle: \"\(quoted)\"\ndate: \(DateText.day(now))\ndraft: true\n---\n\n"
        address = try ContentItem(parsing: text, source: source, relativePath: relative, markdown: Self.renderer).path
    }

    /// Renders the page's (empty) body while it is read as a build reads it.
    private static let renderer = MarkdownRenderer(allowsRawHTML: false, rootPath: "/")

    /// Writes the file into the site folder `source`, making the folders it needs; refuses
    /// to replace a file that is there, to start a page that the section it goes in could
    /// not build with, or one whose folder a file of the site takes.
    @discardableResult
    public func write(into source: URL) throws -> URL {
        try checkSection(in: source)
        try checkFolderIsFree(in: source)
        let url = source.appendingPathComponent(file)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw SiteError(file: file, "cannot create its folder: \(SiteError.reason(of: error))")
        }
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = errno == EEXIST ? "there is a file there already, which owl-site new leaves alone" : String(cString: strerror(errno))
            throw SiteError(file: file, reason)
        }
        defer { close(descriptor) }
        let written = text.utf8CString.withUnsafeBufferPointer { Glibc.write(descriptor, $0.baseAddress, $0.count - 1) }
        guard written == text.utf8.count else { throw SiteError(file: file, "cannot write it: \(String(cString: strerror(errno)))") }
        return url
    }

    /// A folder at the top of `content/` is a section, whose address lists its pages; an
    /// `index.md` in it claims that address for a page of its own. So the one cannot be
    /// started beside the other: the build would stop at the two pages for one address.
    private func checkSection(in source: URL) throws {
        let parts = file.split(separator: "/").map(String.init)  // content/SECTION/…
        guard parts.count >= 3 else { return }
        let section = "content/\(parts[1])"
        let folder = source.appendingPathComponent(section)
        if parts.count == 3, Self.indexNames.contains(parts[2]) {
            // The first page found is enough: a section may hold thousands.
            let holdsPages = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil, options: .skipsHiddenFiles)?
                .contains { ($0 as? URL).map { SitePath.isMarkdown($0.lastPathComponent) } ?? false } ?? false
            if holdsPages {
                throw SiteError(file: file, "\(section)/ holds pages, which its address /\(parts[1])/ lists: name this one, as \(parts[1])/my-trip.md, "
                                + "or write the section's own text in \(parts[1])/_index.md")
            }
        } else if let index = Self.indexNames.first(where: { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }) {
            throw SiteError(file: file, "\(section)/\(index) is the page at /\(parts[1])/, where a section would list this one: "
                            + "rename it _index.md to make \(parts[1])/ a section, or start this page elsewhere")
        }
    }

    /// A file that `static/` copies, or a theme file of the site's `Templates/assets/`, at the
    /// page's folder (`static/posts/my-trip` for `/posts/my-trip/`) would take its place, as
    /// the build says.
    private func checkFolderIsFree(in source: URL) throws {
        let folder = String(address.dropFirst().dropLast())
        guard !folder.isEmpty else { return }
        for copied in ["static/" + folder] + (folder.hasPrefix("assets/") ? ["Templates/" + folder] : []) {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: source.appendingPathComponent(copied).path, isDirectory: &isFolder), !isFolder.boolValue {
                throw SiteError(file: file, "the page \(address) needs the folder \(folder)/, which \(copied) takes; choose another name")
            }
        }
    }

    private static let indexNames = SitePath.markdownExtensions.map { "index.\($0)" }
}
