import Foundation

/// The rule for a page's address that `build` and `owl-site new` share: what each part of
/// it may be called and how long it may be, checked where the source that gives the address
/// is read, so that the error names that file and line (not the output folder the build
/// could not make).
extension SitePath {
    /// The most bytes one part of an address may hold: each part is the name of a folder in
    /// the output, and Linux's file systems take names of up to 255 bytes (`NAME_MAX`).
    static let nameLimit = 255
    /// The most bytes a whole address may hold: the output's path goes before it, and the
    /// system takes paths of up to 4,096 bytes (`PATH_MAX`).
    static let addressLimit = 2_048

    /// The names of files owl-site writes into the output's folders: a page's own
    /// `index.html`, a list's feed, and the sitemap, not-found page and `.nojekyll` at the
    /// top. No part of a page's address may be one: the page's folder would take the file's place.
    static let ownFileNames: Set<String> = ["index.html", feedFile, sitemapFile, notFoundFile, noJekyllFile]

    /// The theme's files that the build writes at these paths below the output (`assets/site.css`).
    static let themeFiles: Set<String> = Set(EmbeddedTheme.files.keys.filter { $0.hasPrefix(themeFolder) })

    /// The folder below the output where the theme's files are (``themeFiles``), with its `/`.
    private static let themeFolder = "assets/"

    /// The top folder of the tags' pages (`/tags/`, `/tags/swift/`), which the build makes
    /// when a page has tags: no page of `content/` goes there.
    static let tagsFolder = "tags"

    /// Throws when a page of `content/` cannot be at the address `path` (`/posts/hello/`),
    /// which the source `file` gives: ``checkAddress(_:from:line:)``'s rule, and not in
    /// ``tagsFolder`` nor where a list puts its further pages (`/posts/page/2/`), which the
    /// build makes. `line` is the line that gives the last part (a slug), nil when a file's
    /// or folder's name gives it.
    static func checkPageAddress(_ path: String, from file: String, line: Int?) throws {
        try checkAddress(path, from: file, line: line)
        let parts = path.utf8.split(separator: UInt8(ascii: "/"))
        if parts.first?.elementsEqual(tagsFolder.utf8) == true {
            throw SiteError(file: file, line: line, "the page \(shown(path)) would be in /\(tagsFolder)/, where owl-site puts the pages of the site's tags; choose another folder")
        }
        if parts.count >= 2, parts[parts.count - 2].elementsEqual("page".utf8), let last = parts.last, last.allSatisfy({ (0x30...0x39).contains($0) }) {
            throw SiteError(file: file, line: line, "the page \(shown(path)) is where a list puts its page \(String(decoding: last, as: UTF8.self)); choose another name")
        }
    }

    /// Throws when no page can be at the address `path` (`/posts/hello/`, `/tags/swift/`),
    /// which the source `file` gives: a part longer than ``nameLimit``, or with a control
    /// character; an address longer than ``addressLimit``; a part named as one of
    /// ``ownFileNames``; the address in ``reservedFolder`` or where one of ``themeFiles``
    /// goes. `line` is the line that gives the last part, nil when a name gives it.
    static func checkAddress(_ path: String, from file: String, line: Int?) throws {
        // Every page's address is checked, most of them passing: the parts are looked at in
        // the address's own bytes first, and made strings of only when one may fail.
        if anyPartMayFail(path) {
            let parts = path.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
            for (index, part) in parts.enumerated() {
                let partLine = index == parts.count - 1 ? line : nil
                try checkName(part, of: "the page \(shown(path))", from: file, line: partLine)
                if ownFileNames.contains(part) {
                    throw SiteError(file: file, line: partLine,
                                    "the page \(shown(path)) would need a folder \(part)/, a name owl-site gives files it writes; choose another name")
                }
            }
        }
        if path.utf8.count > addressLimit {
            throw SiteError(file: file, line: line, "the page's address is \(path.utf8.count) bytes: owl-site takes addresses of up to \(addressLimit)")
        }
        try checkNotReserved(path, from: file, line: line)
        // The folder is the address without its first and last characters; a theme's file is
        // in `assets/`, whose bytes are then in the address.
        guard ByteSearch.contains(themeFolderBytes, in: path) else { return }
        let folder = String(path.dropFirst().dropLast())
        if themeFiles.contains(folder) {
            throw SiteError(file: file, line: line, "the page \(path) needs the folder \(folder)/, where the theme's file \(folder) goes; choose another name")
        }
    }

    /// Whether a part of `path` may be longer than ``nameLimit``, hold a control character
    /// (or a byte that may begin one), or be one of ``ownFileNames``: what the check of each
    /// part, made a `String` and looked up in a set, would throw for. Checking 3,000
    /// addresses so took a cold build of 1,000 posts 23 million instructions (callgrind).
    static func anyPartMayFail(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            var start = 0
            for index in 0...bytes.count {
                if index < bytes.count {
                    let byte = bytes[index]
                    if mayBeginControlCharacter(byte) { return true }
                    guard byte == UInt8(ascii: "/") else { continue }
                }
                let part = UnsafeBufferPointer(rebasing: bytes[start..<index])
                if part.count > nameLimit || ownFileNameBytes.contains(where: { $0.elementsEqual(part) }) { return true }
                start = index + 1
            }
            return false
        }
    }

    /// ``ownFileNames`` as bytes.
    private static let ownFileNameBytes = ownFileNames.map { Array($0.utf8) }

    /// ``themeFolder`` as bytes.
    private static let themeFolderBytes = Array(themeFolder.utf8)

    /// Throws when `name`, one part of the address of `what`, is longer than ``nameLimit``
    /// or holds a control character (a NUL ends a file name; the others break messages and URLs).
    static func checkName(_ name: String, of what: @autoclosure () -> String, from file: String, line: Int?) throws {
        if name.utf8.count > nameLimit {
            throw SiteError(file: file, line: line, "'\(shown(name))' in \(what()) is \(name.utf8.count) bytes: each part of an address "
                            + "is a folder's name in the output, of at most \(nameLimit) bytes")
        }
        if let control = controlCharacter(in: name) {
            let code = "U+" + String(control.value, radix: 16, uppercase: true).leftPadded(to: 4)
            throw SiteError(file: file, line: line, "'\(shown(name))' in \(what()) has the control character \(code): name it without one")
        }
    }

    /// The first control character of `text` (Unicode's `Cc`: U+0000–U+001F, U+007F–U+009F).
    /// Asked of every part of every page's address: the bytes are looked at first, and
    /// only a text with a byte that may begin one is read by its scalars.
    static func controlCharacter(in text: String) -> Unicode.Scalar? {
        guard text.utf8.contains(where: mayBeginControlCharacter) else { return nil }
        return text.unicodeScalars.first { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// Whether `byte` is a control character or may begin one in UTF-8 (`0xC2` begins
    /// U+0080–U+00BF, the C1 controls among them).
    private static func mayBeginControlCharacter(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2
    }

    /// `text` as a message shows it: cut to its first 60 characters, control characters
    /// escaped (`\0`, `\u{1}`), so that it neither floods nor garbles the terminal.
    static func shown(_ text: String) -> String {
        let cut = text.count > 60 ? text.prefix(60) + "…" : text
        guard controlCharacter(in: cut) != nil else { return cut }
        return String(cut.debugDescription.dropFirst().dropLast())
    }
}

private extension String {
    /// This text with `0`s before it, to at least `count` characters.
    func leftPadded(to count: Int) -> String {
        String(repeating: "0", count: Swift.max(0, count - self.count)) + self
    }
}
