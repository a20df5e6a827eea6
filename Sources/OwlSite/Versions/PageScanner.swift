import Foundation
import Owl

/// Reads a built page back into its version and manifest entry from the page's own bytes:
/// the `owl-page` meta and the DOM markers (`data-owl-list`, `data-owl-section`,
/// `data-owl-cell`, `data-owl-region`). What `owl-site diff` compares two build folders by,
/// with no file of the build but the pages themselves.
///
/// The hashes are its own (of the bytes it finds), the same for the same bytes: two pages
/// read this way compare as the build's entries do, though the numbers differ from theirs.
enum PageScanner {
    /// The key and version of a page, from its `<meta name="owl-page" content="KEY VERSION">`.
    static func keyAndVersion(in bytes: [UInt8]) -> (key: UInt64, version: UInt64, versionOffset: Int)? {
        let marker = Array("<meta name=\"owl-page\" content=\"".utf8)
        guard let found = bytes.withUnsafeBytes({ ByteSearch.firstOffset(of: marker, in: $0, from: 0) }) else { return nil }
        let start = found + marker.count
        guard start + 33 <= bytes.count, bytes[start + 16] == UInt8(ascii: " "),
              let key = PageVersion.parse(String(decoding: bytes[start..<(start + 16)], as: UTF8.self)),
              let version = PageVersion.parse(String(decoding: bytes[(start + 17)..<(start + 33)], as: UTF8.self)) else { return nil }
        return (key, version, start + 17)
    }

    /// The page in the file `file` with `bytes`: its version (nil when it carries none) and
    /// its manifest entry, hashed with the version blanked.
    static func page(file: String, bytes: [UInt8]) -> (version: UInt64?, manifest: ManifestPage) {
        var blanked = bytes
        let found = keyAndVersion(in: bytes)
        if let found { blanked.replaceSubrange(found.versionOffset..<(found.versionOffset + 16), with: PageVersion.blankVersion) }
        func hash(_ range: Range<Int>, without holes: [Range<Int>]) -> ContentHash {
            var hasher = ContentHasher()
            var position = range.lowerBound
            for hole in holes.sorted(by: { $0.lowerBound < $1.lowerBound }) where hole.lowerBound >= position && hole.upperBound <= range.upperBound {
                hasher.update(with: blanked[position..<hole.lowerBound])
                position = hole.upperBound
            }
            hasher.update(with: blanked[position..<range.upperBound])
            return hasher.hash
        }
        let cells = RegionScanner.elements(marked: "data-owl-cell", in: blanked)
        let sections = RegionScanner.elements(marked: "data-owl-section", in: blanked)
        var lists: [ManifestList] = []
        var listRanges: [Range<Int>] = []
        for (id, range) in RegionScanner.elements(marked: "data-owl-list", in: blanked) {
            // A list inside another is part of the outer one's cells.
            if listRanges.contains(where: { $0.overlaps(range) }) { continue }
            listRanges.append(range)
            let own = within(range, sections)
            let entries = own.map { section in
                let inside = within(section.range, cells)
                return ManifestSection(
                    id: section.name, hash: hash(section.range, without: inside.map(\.range)),
                    range: [section.range.lowerBound, section.range.upperBound],
                    cells: inside.map { ManifestCell(id: $0.name, hash: hash($0.range, without: []), start: $0.range.lowerBound, end: $0.range.upperBound) }
                )
            }
            lists.append(ManifestList(id: id, shell: hash(range, without: own.map(\.range)), sections: entries))
        }
        let sectionRanges = lists.flatMap { $0.sections.map { $0.range[0]..<$0.range[1] } }
        var regions: [String: ManifestSpan] = [:]
        var cutOut = sectionRanges
        for (name, range) in RegionScanner.regions(in: blanked)
        where regions[name] == nil && !sectionRanges.contains(where: { $0.overlaps(range) }) {
            regions[name] = ManifestSpan(hash: hash(range, without: []), start: range.lowerBound, end: range.upperBound)
            cutOut.append(range)
        }
        let shell = hash(0..<blanked.count, without: cutOut)
        return (found?.version, ManifestPage(file: file, title: title(in: bytes), shell: shell, lists: lists, regions: regions))
    }

    /// The elements of `elements` (in document order) that lie in `range`, but for those inside
    /// another of them (a list in a cell of a list keeps its own cells).
    private static func within(_ range: Range<Int>, _ elements: [(name: String, range: Range<Int>)]) -> [(name: String, range: Range<Int>)] {
        var found: [(name: String, range: Range<Int>)] = []
        var index = elements.firstIndex(notBelow: range.lowerBound) { $0.range.lowerBound }
        while index < elements.count, elements[index].range.lowerBound < range.upperBound {
            let element = elements[index]
            if element.range.upperBound <= range.upperBound, found.last.map({ element.range.lowerBound >= $0.range.upperBound }) ?? true {
                found.append(element)
            }
            index += 1
        }
        return found
    }

    /// The text of the page's `<title>`, its character references for `&<>"'` read.
    static func title(in bytes: [UInt8]) -> String {
        let open = Array("<title".utf8), close = Array("</title>".utf8)
        return bytes.withUnsafeBytes { buffer in
            guard let start = ByteSearch.firstOffset(of: open, in: buffer, from: 0),
                  let textStart = ByteSearch.firstOffset(of: UInt8(ascii: ">"), in: buffer, from: start).map({ $0 + 1 }),
                  let end = ByteSearch.firstOffset(of: close, in: buffer, from: textStart) else { return "" }
            var text = String(decoding: buffer[textStart..<end], as: UTF8.self)
            // Most titles hold no reference; each replacement goes through Foundation's NSString.
            guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
            for (reference, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#x27;", "'"), ("&amp;", "&")] {
                text = text.replacingOccurrences(of: reference, with: character)
            }
            return text
        }
    }
}
