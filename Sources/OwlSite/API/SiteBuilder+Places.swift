extension SiteBuilder {
    /// Where the output file `file` comes from, for errors about it: what to call it (its
    /// source in `static/` or `content/`, a feed, an alias, the theme's assets, or one of the
    /// site's own files), and the source file and line to name, when it has one.
    func origin(of file: String, content: SiteContent, plan: SitePlan) -> (name: String, source: String?, line: Int?) {
        if let source = content.staticFiles[file] {
            let shown = FileTree.display(source, relativeTo: options.source)
            return (shown, shown, nil)
        }
        if let feed = plan.feeds.first(where: { $0.file == file }) { return ("the feed of \(feed.pagePath)", nil, nil) }
        if let item = plan.items.first(where: { $0.aliasFiles.contains(file) }) {
            return ("an alias of \(item.source)", item.source, item.lines["aliases"])
        }
        return file.hasPrefix("assets/") ? ("Templates/\(file)", "Templates/\(file)", nil) : ("the site's \(file)", nil, nil)
    }

    /// An error about the output file `file`, at its source and line (``origin(of:content:plan:)``).
    func error(about file: String, content: SiteContent, plan: SitePlan, _ message: String) -> SiteError {
        let origin = origin(of: file, content: content, plan: plan)
        return SiteError(file: origin.source ?? origin.name, line: origin.line, message)
    }

    /// Throws when one of `files`, the site's files but its pages, lies where a page of
    /// `plan` or another of them needs a folder: `static/posts/lakes` where the page
    /// `/posts/lakes/` needs `posts/lakes/`, or a feed where a page's slug puts its folder.
    func checkFolders(of plan: SitePlan, besides files: [String: OutputFile], content: SiteContent) throws {
        func origin(_ file: String) -> String { self.origin(of: file, content: content, plan: plan).name }
        // The error names the source of the file that needs the folder, or else of the file in its way.
        func error(needing file: String, inTheWay other: String?, _ message: String) -> SiteError {
            let named = [file, other].compactMap { $0 }.map { self.origin(of: $0, content: content, plan: plan) }.first { $0.source != nil }
            return SiteError(file: named?.source, line: named?.line, message)
        }
        // Each page's path is looked up among the plan's, which are in path order.
        func firstPage(from path: String) -> Int { plan.pages.firstIndex(notBelow: path, by: \.path) }
        let folders = FileTree.folders(holding: files.keys)
        let paths = files.keys.sorted()
        for file in paths {
            let below = firstPage(from: "/\(file)/")
            if below < plan.pages.count, plan.pages[below].path.hasPrefix("/\(file)/") {
                let page = plan.pages[below]
                throw SiteError(file: page.origin.file, line: page.origin.line,
                                "the page \(page.path) needs the folder \(file)/, which \(origin(file)) takes; rename one of them")
            }
            if folders.contains(file), let other = paths.first(where: { $0.hasPrefix("\(file)/") }) {
                throw error(needing: other, inTheWay: file, "\(origin(other)) needs the folder \(file)/, which \(origin(file)) takes; rename one of them")
            }
        }
        // A page's own file where another file needs a folder (an alias `/posts/a/index.html/`).
        for folder in folders.sorted() where folder == "index.html" || folder.hasSuffix("/index.html") {
            let path = "/" + folder.dropLast("index.html".count)
            let index = firstPage(from: path)
            if index < plan.pages.count, plan.pages[index].path == path, let other = paths.first(where: { $0.hasPrefix("\(folder)/") }) {
                throw error(needing: other, inTheWay: nil, "\(origin(other)) needs the folder \(folder)/, which the page \(path) takes; rename one of them")
            }
        }
    }
}
