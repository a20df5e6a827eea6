import Foundation

/// Paths below the site root and the slugs that make them.
enum SitePath {
    /// Throws when `slug` is empty, absolute, climbs out of its folder, has a character a
    /// URL cannot carry or a control character, or a part (between `/`s: `2024/hello` puts
    /// the page two folders down) longer than a folder's name may be (``nameLimit``).
    /// `line` is the slug's line in the front matter, nil when the slug is the file's name.
    static func validate(slug: String, in file: String, line: Int?) throws {
        // Read as UTF-8 and scalars: every item's slug is checked, and a character-wise
        // search took as long as parsing the item's front matter.
        let parts = slug.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        if slug.utf8.first == UInt8(ascii: "/") || slug.utf8.contains(UInt8(ascii: "\\"))
            || parts.contains(where: { $0.elementsEqual("..".utf8) || $0.elementsEqual(".".utf8) }) {
            throw SiteError(file: file, line: line, "slug '\(shown(slug))' would escape the output folder")
        }
        if parts.contains(where: \.isEmpty) || slug.unicodeScalars.contains(where: isNewline) {
            throw SiteError(file: file, line: line, "slug '\(shown(slug))' is not a valid path")
        }
        if let character = urlBreakingCharacter(in: slug) {
            throw SiteError(file: file, line: line, line == nil
                ? "the file's name has '\(character)', which a URL cannot carry: rename the file or give it a slug"
                : "slug '\(shown(slug))' has '\(character)', which a URL cannot carry")
        }
        for part in parts {
            try checkName(String(decoding: part, as: UTF8.self), of: line == nil ? "the file's name" : "the slug", from: file, line: line)
        }
    }

    /// The file that an `aliases` entry `written` of `file` (at `line`), an earlier address of
    /// the page at `pagePath`, is written to: `/old/path/` is `old/path/index.html`, and
    /// `/old/page.html` is itself. An address that does not start at the site's root (`/`) is
    /// beside the page: `old-name` of `/posts/new-name/` is `/posts/old-name/`, as in Hugo.
    /// Throws for an address that is empty, steps out of the site, is the home page, holds a
    /// character a URL cannot carry, or lies in ``reservedFolder``.
    static func aliasFile(_ written: String, besides pagePath: String, in file: String, line: Int?) throws -> String {
        guard !written.isEmpty else { throw SiteError(file: file, line: line, "alias '' is not a page's address") }
        let alias = written.utf8.first == UInt8(ascii: "/") ? written : parentPath(of: pagePath) + written
        let parts = alias.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        if alias.utf8.contains(UInt8(ascii: "\\")) || parts.contains(where: { $0.elementsEqual("..".utf8) || $0.elementsEqual(".".utf8) }) {
            throw SiteError(file: file, line: line, "alias '\(written)' would escape the output folder")
        }
        if alias == "/" || parts.dropLast().contains(where: \.isEmpty) || alias.unicodeScalars.contains(where: isNewline) {
            throw SiteError(file: file, line: line, "alias '\(written)' is not a page's address")
        }
        if let character = urlBreakingCharacter(in: alias) {
            throw SiteError(file: file, line: line, "alias '\(written)' has '\(character)', which a URL cannot carry")
        }
        // The same limits as a page's address; the last part of `/old/page.html` is a file, any name but a folder's.
        let names = parts.filter { !$0.isEmpty }.map { String(decoding: $0, as: UTF8.self) }
        for (index, name) in names.enumerated() {
            try checkName(name, of: "alias '\(shown(written))'", from: file, line: line)
            if ownFileNames.contains(name), !(index == names.count - 1 && alias.hasSuffix(".html")) {
                throw SiteError(file: file, line: line, "alias '\(shown(written))' would need a folder \(name)/, a name owl-site gives files it writes")
            }
        }
        if alias.utf8.count > addressLimit {
            throw SiteError(file: file, line: line, "alias '\(shown(written))' is \(alias.utf8.count) bytes: owl-site takes addresses of up to \(addressLimit)")
        }
        try checkNotReserved(alias, from: file, line: line)
        let path = String(alias.dropFirst())
        return path.hasSuffix(".html") ? path : Self.file(for: path.hasSuffix("/") ? alias : alias + "/")
    }

    /// The address a page's address lies in: `/posts/` for `/posts/hello/`, `/` for `/` itself.
    static func parentPath(of path: String) -> String {
        let folder = path.utf8.dropLast().lastIndex(of: UInt8(ascii: "/")).map { path[...$0] } ?? "/"
        return String(folder)
    }

    /// The endings of Markdown files, each of which is a page in `content/`.
    static let markdownExtensions = ["md", "markdown"]

    /// Whether `path` names a Markdown file (``markdownExtensions``), by the bytes its name
    /// ends with, as the file system has them: each source's path is asked, and a suffix
    /// made for each ending and compared by characters took 520 instructions a path.
    static func isMarkdown(_ path: some StringProtocol) -> Bool {
        let endsWith = { (bytes: UnsafeBufferPointer<UInt8>) in
            markdownSuffixes.contains { bytes.count >= $0.count && UnsafeBufferPointer(rebasing: bytes[(bytes.count - $0.count)...]).elementsEqual($0) }
        }
        return path.utf8.withContiguousStorageIfAvailable(endsWith) ?? Array(path.utf8).withUnsafeBufferPointer(endsWith)
    }

    /// ``markdownExtensions`` with their dots, as bytes.
    private static let markdownSuffixes = markdownExtensions.map { Array(".\($0)".utf8) }

    /// The folder of a page bundle (`posts/trip/`) when `file`, a path below `content/`, is its
    /// `index.md` (`posts/trip/index.md`), the page of that folder; nil for any other file,
    /// `index.md` at the top (the home page) and `index.v2.md` among them. Read by bytes:
    /// each build asks it of every item.
    static func bundleFolder(ofFile file: Substring) -> Substring? {
        let utf8 = file.utf8
        guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        let name = utf8[utf8.index(after: slash)...]
        let baseName = name.lastIndex(of: UInt8(ascii: ".")).map { name[..<$0] } ?? name
        return baseName.elementsEqual("index".utf8) ? file[...slash] : nil
    }

    /// Throws when one of `folders` (below `content/`, holding `file`) has a character a URL
    /// cannot carry, or is no folder's name in the output (``checkName(_:of:from:line:)``).
    static func validate(folders: [String], in file: String) throws {
        for folder in folders {
            if let character = urlBreakingCharacter(in: folder) {
                throw SiteError(file: file, "the folder '\(shown(folder))' has '\(character)', which a URL cannot carry: rename it")
            }
            try checkName(folder, of: "the folder's name", from: file, line: nil)
        }
    }

    /// The first character of `name` that a URL's path cannot carry as it is: it would
    /// begin a query (`?`), a fragment (`#`) or an escape (`%`).
    private static func urlBreakingCharacter(in name: String) -> Character? {
        name.utf8.first { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "%") }
            .map { Character(Unicode.Scalar($0)) }
    }

    /// Whether `scalar` ends a line, as `Character.isNewline` has it.
    private static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// `path` (below the site root) as it goes into a URL: every byte a URL path cannot hold
    /// as it is (a space, a letter beyond ASCII) percent-encoded, the rest left alone. A file
    /// called `Café Crème.md` is the page `/posts/Café Crème/`, linked as
    /// `/posts/Caf%C3%A9%20Cr%C3%A8me/`, which browsers show and servers read back as the former.
    /// (Asked for every link of every page: the usual path of letters, digits, `-`, `_`, `.`
    /// and `/` is returned after one look at its bytes, taken from the string's own buffer:
    /// through its `utf8` view, the look was 7.5 million instructions of a cold build of
    /// 1,000 posts.)
    static func urlEncoded(_ path: String) -> String {
        var path = path
        let plain = path.withUTF8 { bytes in
            bytes.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "/"): true
                default: false
                }
            }
        }
        return plain ? path : path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }

    /// A tag or heading as a URL-safe name: lowercase letters, digits and dashes.
    static func slugify(_ text: String) -> String {
        if text.isASCII { return asciiSlug(text) }
        var result = ""
        var pendingDash = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingDash && !result.isEmpty { result.append("-") }
                result.append(character)
                pendingDash = false
            } else {
                pendingDash = true
            }
        }
        return result
    }

    /// A tag as the last part of its page's path, `/tags/SLUG/`: `slugify`'s, with a `+` or
    /// `#` that follows a letter, a digit or another `+` spelled out, so that C, C++ and C#
    /// have pages of their own (`c`, `c-plus-plus`, `c-sharp`).
    static func tagSlug(_ tag: String) -> String {
        guard tag.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "#") }) else { return slugify(tag) }
        var spelled = ""
        var previous: Character?
        for character in tag {
            let follows = previous.map { $0.isLetter || $0.isNumber || $0 == "+" } ?? false
            switch character {
            case "+" where follows: spelled += " plus "
            case "#" where follows: spelled += " sharp "
            default: spelled.append(character)
            }
            previous = character
        }
        return slugify(spelled)
    }

    /// `slugify` for ASCII text, byte by byte: its only letters and numbers are `a-z`, `A-Z`, `0-9`.
    private static func asciiSlug(_ text: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        var pendingDash = false
        for byte in text.utf8 {
            let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
            if (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || (lower >= UInt8(ascii: "0") && lower <= UInt8(ascii: "9")) {
                if pendingDash && !result.isEmpty { result.append(UInt8(ascii: "-")) }
                result.append(lower)
                pendingDash = false
            } else {
                pendingDash = true
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The address of the page of `tag`, `/tags/SLUG/` (``tagSlug(_:)``).
    static func tagPath(of tag: String) -> String {
        "/tags/\(tagSlug(tag))/"
    }

    /// The title a file or folder name reads as, for a page or section without one of its
    /// own: `posts` → `Posts`, `my-trip` → `My trip`, `release_notes` → `Release notes`.
    static func title(fromName name: String) -> String {
        let words = String(decoding: name.utf8.map { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// The output folder owl-site keeps its own files in: the build manifest, its history,
    /// the patches and `owl.js`. No page or copied file may go there.
    static let reservedFolder = "_owl"

    /// The site's Atom feed, at the top of the output.
    static let feedFile = "feed.xml"
    /// The site's sitemap, at the top of the output.
    static let sitemapFile = "sitemap.xml"
    /// The page servers show for an address the site lacks, at the top of the output:
    /// the theme's, unless `static/` or `content/` brings one.
    static let notFoundFile = "404.html"
    /// An empty file at the top of the output, unless `static/` brings one: it keeps GitHub
    /// Pages from running Jekyll over the site, which would leave out ``reservedFolder``
    /// (Jekyll skips folders whose names start with `_`).
    static let noJekyllFile = ".nojekyll"
    /// The files owl-site writes at the top of the output, by what they are.
    static let generatedFiles = [feedFile: "feed", sitemapFile: "sitemap"]

    /// Throws when the file copied from `file` to `path` would take the place of one that
    /// owl-site writes: anything in ``reservedFolder``, or one of ``generatedFiles``.
    static func checkCopied(to path: String, from file: String) throws {
        if let role = generatedFiles[path] {
            throw SiteError(file: file, "\(path) is the site's \(role), which owl-site writes; rename this file")
        }
        try checkNotReserved(path, from: file)
    }

    /// Throws when `path`, below the output folder (`_owl/owl.js`, or a page's `/_owl/x/`),
    /// is in ``reservedFolder``; `file` and `line` say where it comes from.
    static func checkNotReserved(_ path: String, from file: String, line: Int? = nil) throws {
        // By bytes, as the file system reads the path: `_owl/` followed by anything is inside.
        let relative = path.utf8.first == UInt8(ascii: "/") ? path.utf8.dropFirst() : path.utf8[...]
        let folder = reservedFolder.utf8
        guard relative.starts(with: folder), relative.count == folder.count || relative.dropFirst(folder.count).first == UInt8(ascii: "/") else { return }
        throw SiteError(file: file, line: line, "\(path) would be inside \(reservedFolder)/, where owl-site keeps its own files; move or rename it")
    }

    /// The output file of the page at `path`: `/posts/a/` → `posts/a/index.html`, and a page
    /// whose address names its file (`/2015/12/03/welcome.html`, Jekyll's) → that file.
    static func file(for path: String) -> String {
        path.hasSuffix(".html") ? String(path.dropFirst()) : String(path.dropFirst()) + "index.html"
    }
}
