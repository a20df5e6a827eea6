import Owl
import OwlDiff

extension ManifestPage {
    /// Whether `other` differs at most in byte ranges (and so in nothing but its build id).
    func hasSameContent(as other: ManifestPage) -> Bool {
        title == other.title && shell == other.shell
            && regions.count == other.regions.count && regions.allSatisfy { other.regions[$0.key]?.hash == $0.value.hash }
            && lists.elementsEqual(other.lists) { $0.id == $1.id && $0.shell == $1.shell && $0.hasSameContent(as: $1) }
    }
}

extension ManifestList {
    /// Whether `other` has the same sections and cells, by id and hash (byte ranges aside).
    func hasSameContent(as other: ManifestList) -> Bool {
        sections.elementsEqual(other.sections) { old, new in
            old.id == new.id && old.hash == new.hash
                && old.cells.elementsEqual(new.cells) { $0.id == $1.id && $0.hash == $1.hash }
        }
    }

    /// The list as OwlDiff diffs it: sections of cells, by id and hash.
    var fingerprint: ListFingerprint {
        sections.map { section in
            ArraySection(
                model: Fingerprint(id: section.id, hash: Self.contentHash(section.hash)),
                elements: section.cells.map { Fingerprint(id: $0.id, hash: Self.contentHash($0.hash)) }
            )
        }
    }

    /// A manifest hash (16 hex digits) as a `ContentHash`; any other text hashed, so that
    /// equal texts stay equal.
    private static func contentHash(_ text: String) -> ContentHash {
        ContentHash(hex: text) ?? ContentHash(text)
    }
}
