import Foundation
import OwlFiles
#if canImport(Glibc)
import Glibc
#endif

/// The one rule for symbolic links among a site's sources (`owl.yml`, `content/`, `data/`,
/// `Templates/`, `static/`): a link is followed when what it leads to, every link on the way
/// resolved, is inside the site's folder; a link that leads out of it, to nothing, or round
/// in a loop is an error naming the link. So nothing outside the site is read, let alone
/// published, through a link (`static/passwd -> /etc/passwd`), and no page silently vanishes.
/// Links to files and to the top source folders are followed; links to folders below them
/// are refused (a build would not see inside them, nor would `serve` notice their changes).
struct SourceLinks: Sendable {
    /// The site folder as given: errors name files relative to it.
    let site: URL
    /// The site folder's real path, which whatever a link leads to must be inside.
    let realSite: String

    /// The rule for the sources of the site in `site`.
    init(site: URL) throws {
        self.site = site.standardizedFileURL
        guard let real = RealPath.resolve(self.site.path) else {
            throw SiteError(file: self.site.path, "cannot read the site folder: \(String(cString: strerror(errno)))")
        }
        realSite = real
    }

    /// What the entry at `path`, a symbolic link, leads to: a file, or a folder when
    /// `allowingFolder`. Throws an error naming the link when it leads out of the site, to
    /// nothing, round in a loop, to a folder not allowed, or to neither a file nor a folder.
    @discardableResult
    func target(ofLink path: String, allowingFolder: Bool = false) throws -> FileKind {
        let shown = FileTree.display(URL(fileURLWithPath: path), relativeTo: site)
        let written = Self.linkText(path) ?? "?"
        guard let real = RealPath.resolve(path) else {
            let problem = errno == ELOOP ? "which leads round in a loop" : "which does not exist"
            throw SiteError(file: shown, "a symbolic link to \(written), \(problem): remove it or point it at a file of the site")
        }
        guard RealPath.isInside(real, realSite) else {
            throw SiteError(file: shown, "a symbolic link to \(written), outside the site folder: owl-site reads nothing outside it; copy the file into the site")
        }
        guard let kind = FileStatus(path: real)?.kind else {
            throw SiteError(file: shown, "a symbolic link to \(written), which cannot be read: \(String(cString: strerror(errno)))")
        }
        switch kind {
        case .file: return kind
        case .folder where allowingFolder: return kind
        case .folder:
            throw SiteError(file: shown, "a symbolic link to the folder \(written): owl-site follows links to files only; make it a folder of its own, or link its files")
        default:
            throw SiteError(file: shown, "a symbolic link to \(written), which is \(kind.described), not a file: owl-site reads regular files only")
        }
    }

    /// Throws when the entry at `path`, if it is a symbolic link, breaks the rule
    /// (``target(ofLink:allowingFolder:)``); nothing there is fine.
    func check(_ path: String, allowingFolder: Bool = false) throws {
        if FileKind(entryAt: path) == .link { try target(ofLink: path, allowingFolder: allowingFolder) }
    }

    /// What the link at `path` says, as written.
    private static func linkText(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
