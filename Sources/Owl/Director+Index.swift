import Foundation

/// The jump list of a director's sections: Owl's section index titles (`indexTitle`, the
/// letters down a table's edge), as links to the sections' anchors.
extension Director {
    /// The jump list: a `<nav class="owl-index" data-owl-index="LIST">` holding an `<ol>`
    /// with a link to each section that has an ``Section/indexTitle``, in order; nil when no
    /// section has one. Place it anywhere in the page: it is not part of the list's HTML,
    /// so sections coming and going do not change the list's own markup. Each linked
    /// section carries `id="owl-LIST-SECTION"`.
    public func renderIndex() -> String? {
        let entries = sections.compactMap { section in
            section.indexTitle.map { title in
                "<li><a href=\"#\(HTML.escape(fragment(of: section)))\">\(HTML.escape(title))</a></li>"
            }
        }
        guard !entries.isEmpty else { return nil }
        return "<nav class=\"owl-index\" data-owl-index=\"\(HTML.escape(id))\"><ol>" + entries.joined() + "</ol></nav>"
    }

    /// The `id` of `section`'s element: the list's and the section's identifiers.
    func anchor(of section: Section) -> String {
        "owl-\(id)-\(section.id)"
    }

    /// The anchor as a URL fragment, percent-encoded where a fragment cannot hold a character.
    private func fragment(of section: Section) -> String {
        var allowed = CharacterSet.urlFragmentAllowed
        allowed.remove(charactersIn: "%")
        return anchor(of: section).addingPercentEncoding(withAllowedCharacters: allowed) ?? anchor(of: section)
    }
}
