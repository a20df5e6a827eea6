import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Everything read from the source folder: settings, Markdown items and files to copy.
struct SiteContent: Sendable {
    var config: SiteConfig
    /// Every Markdown item, drafts and future items already left out, in source order.
    var items: [ContentItem]
    /// Files copied as they are: output path → source file.
    var staticFiles: [String: URL]
    /// The values of `data/`, which layouts see as `site.data`.
    var data: SiteData
    /// The display names of the files read, for messages.
    var sourceRoot: URL
}

extension Date {
    /// The moment this date's UTC clock time is in `zone`: a date written without a zone
    /// (read as UTC) put on the site's clock.
    func inTimeZone(_ zone: TimeZone) -> Date {
        // The offset at the moment itself, not at the UTC reading: they differ near a change of summer time.
        let first = addingTimeInterval(-Double(zone.secondsFromGMT(for: self)))
        return addingTimeInterval(-Double(zone.secondsFromGMT(for: first)))
    }
}

extension SiteContent {
    /// Reads `content/`, `static/` and `data/` of `options.source`, rendering Markdown on both
    /// cores. The copied files are asked of the disk ahead when `prefetchingCopiedFiles` (a
    /// build that will read them all): a rebuild reads few of them (``StaticFileCache``).
    static func load(_ options: BuildOptions, config: SiteConfig, cache: MarkdownCache, prefetchingCopiedFiles: Bool = true) throws -> SiteContent {
        let root = options.source
        let contentFolder = root.appendingPathComponent("content")  // there is one: `BuildOptions.checkFolders()`
        var markdownPaths: [String] = []
        var contentFiles: [String] = []
        var staticFiles: [String: URL] = [:]
        let staticFolder = root.appendingPathComponent("static")
        if FileManager.default.fileExists(atPath: staticFolder.path) {
            for path in try FileTree.files(below: staticFolder, keepingHidden: true) {  // `.well-known/`
                try SitePath.checkCopied(to: path, from: "static/\(path)")
                staticFiles[path] = staticFolder.appendingPathComponent(path)
            }
        }
        for path in try FileTree.files(below: contentFolder) {
            if SitePath.isMarkdown(path) {
                markdownPaths.append(path)
            } else {
                try SitePath.checkCopied(to: path, from: "content/\(path)")
                if staticFiles[path] != nil {
                    throw SiteError(file: "content/\(path)", "static/\(path) is copied to \(path) too; keep one of them")
                }
                staticFiles[path] = contentFolder.appendingPathComponent(path)
                contentFiles.append(path)
            }
        }

        let markdown = MarkdownRenderer(
            allowsRawHTML: config.rawHTML, highlightsCode: config.highlight, rootPath: config.rootPath, summaryLength: config.summaryLength
        )
        let contentPath = contentFolder.path
        // Every file is read unless a cache spares it: copied files when no build knows them yet, Markdown when there is no cache.
        SourceText.prefetch((prefetchingCopiedFiles ? staticFiles.values.map(\.path) : [])
            + (cache.isEmpty ? markdownPaths.map { contentPath + "/" + $0 } : []))
        // Each file is found from the content folder, held open, rather than from `/`: for
        // thousands of small files, walking the whole path took much of the time.
        let folder = open(contentPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else {
            let reason = String(cString: strerror(errno))  // before anything else can set errno
            throw SiteError(file: FileTree.display(contentFolder, relativeTo: root), "cannot read the folder: \(reason)")
        }
        defer { close(folder) }
        // Every file is read, and the errors of all of them are reported together.
        var (items, errors) = markdownPaths.concurrentMapKeepingErrors { path throws(SiteError) -> ContentItem in
            let source = "content/" + path
            do {
                return try cache.item(forFile: path, in: folder, source: source) { bytes in
                    let text = try SourceText.decode(bytes, displayName: source)
                    return try ContentItem(parsing: text, source: source, relativePath: path, markdown: markdown)
                }
            } catch let error as SiteError {
                throw error
            } catch {
                throw SiteError(file: source, "\(error)")
            }
        }
        if let timezone = config.timezone.flatMap(TimeZone.init(identifier:)) {
            for index in items.indices {
                if items[index].dateIsFloating { items[index].date = items[index].date.map { $0.inTimeZone(timezone) } }
                if items[index].lastmodIsFloating { items[index].lastmod = items[index].lastmod.map { $0.inTimeZone(timezone) } }
            }
        }
        // Removed in place: the items kept are moved, not copied.
        items.removeAll { item in
            guard !options.includeDrafts else { return false }
            return item.draft || item.date.map { $0 > options.now } ?? false || item.expiryDate.map { $0 <= options.now } ?? false
        }
        PermalinkPattern.assignAddresses(to: &items, config: config, errors: &errors)
        guard errors.isEmpty else { throw SiteError.combining(errors) }
        linkingPages(of: &items, rootPath: config.rootPath)
        for (path, file, page) in bundleFilesMoved(with: items, contentFiles: contentFiles) {
            try SitePath.checkCopied(to: path, from: "content/\(file)")
            if let other = staticFiles[path] {
                throw SiteError(
                    file: "content/\(file)",
                    "it goes with its page \(page) to \(path), where \(FileTree.display(other, relativeTo: root)) is copied too; keep one of them"
                )
            }
            staticFiles[path] = contentFolder.appendingPathComponent(file)
        }
        return SiteContent(config: config, items: items, staticFiles: staticFiles, data: try SiteData.load(from: root), sourceRoot: root)
    }
}
