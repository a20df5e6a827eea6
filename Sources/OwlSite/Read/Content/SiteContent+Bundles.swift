extension SiteContent {
    /// A page bundle is a folder whose `index.md` is its page: `posts/trip/index.md` beside
    /// `photo.jpg` is `/posts/trip/`, which shows the photo by its name. When a `slug` puts
    /// the page elsewhere (`/posts/elsewhere/`), the bundle's files go with it: this gives,
    /// for each file of `contentFiles` (paths below `content/`) in such a bundle, its path
    /// beside the page (`posts/elsewhere/photo.jpg`) and the page. A file belongs to the
    /// innermost bundle holding it.
    static func bundleFilesMoved(with items: [ContentItem], contentFiles: [String]) -> [(path: String, file: String, page: String)] {
        guard !contentFiles.isEmpty else { return [] }
        var pageFolders: [Substring: String] = [:]  // bundle folder (`posts/trip/`) → its page's (`posts/elsewhere/`)
        for item in items where item.kind == .page {
            guard let folder = SitePath.bundleFolder(ofFile: Substring(item.source.utf8.dropFirst("content/".utf8.count))) else { continue }
            pageFolders[folder] = String(item.path.dropFirst())
        }
        guard pageFolders.contains(where: { $0.key != $0.value }) else { return [] }
        var moved: [(path: String, file: String, page: String)] = []
        for file in contentFiles {
            var end = file.endIndex
            while let slash = file[..<end].lastIndex(of: "/") {
                let folder = file[...slash]
                if let pageFolder = pageFolders[folder] {
                    if folder != pageFolder {
                        moved.append((pageFolder + file[folder.endIndex...], file, "/" + pageFolder))
                    }
                    break
                }
                end = slash
            }
        }
        return moved.sorted { $0.path < $1.path }
    }
}
