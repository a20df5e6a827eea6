/// Paths below the site root and the slugs that make them.
enum SitePath {
    /// Throws when `slug` is empty, absolute, or climbs out of its folder.
    static func validate(slug: String, in file: String, line: Int?) throws {
        let parts = slug.split(separator: "/", omittingEmptySubsequences: false)
        if slug.hasPrefix("/") || parts.contains("..") || parts.contains(".") || slug.contains("\\") {
            throw SiteError(file: file, line: line, "slug '\(slug)' would escape the output folder")
        }
        if parts.contains(where: \.isEmpty) || slug.contains(where: \.isNewline) {
            throw SiteError(file: file, line: line, "slug '\(slug)' is not a valid path")
        }
    }

    /// A tag or heading as a URL-safe name: lowercase letters, digits and dashes.
    static func slugify(_ text: String) -> String {
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

    /// `posts` → `Posts`.
    static func titleCase(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }

    /// The output file of the page at `path`: `/posts/a/` → `posts/a/index.html`.
    static func file(for path: String) -> String {
        String(path.dropFirst()) + "index.html"
    }
}
