import Foundation
import Owl

/// The HTML of list cells from earlier builds, kept in `.owl-cache/cells.bin`: a list page
/// that renders again (a post added or retitled) takes the cells of the items that did not
/// change from here, rather than rendering each through the theme's cell template. At
/// 10,000 posts on one list page, rendering the cells took 27 ms of a 270 ms rebuild.
///
/// The cache holds one cell per item and cell template (its ``Slot``), under the key of the
/// inputs it was rendered from (``Naming/key(template:source:fingerprint:)``): the inputs that
/// the keys of the pages showing it already trust (``PageKey``), so a cell is taken from here
/// exactly when a page made of it alone would be reused. The file is checked like every
/// cache file (``CacheFile``); one that fails its checks, or of another format, counts as empty.
final class CellCache: Sendable {
    /// An item's place for one cell template: the hash of its source path and of the template's name.
    struct Slot: Hashable, Sendable {
        var source: UInt64
        var template: UInt64
    }

    /// A cell, and the key of what it was rendered from.
    struct Cell: Sendable {
        var key: UInt64
        var html: String
    }

    /// How this build names its cells: the site's common inputs
    /// (``PageKey/site(templates:config:plan:renderer:)``) seed every key.
    struct Naming: Sendable {
        let site: UInt64

        /// The hash of a cell template's name, which a slot holds.
        func template(_ name: String) -> UInt64 {
            XXH64.hash(Array(name.utf8))
        }

        /// The key of the cell that the template (hashed by ``template(_:)``) makes of the
        /// item whose source path hashes to `source` and whose fingerprint
        /// (``ItemFingerprint``: the whole file when cells show the content, else its
        /// listing) is `fingerprint`.
        func key(template: UInt64, source: UInt64, fingerprint: UInt64) -> UInt64 {
            withUnsafeBytes(of: (template.littleEndian, source.littleEndian, fingerprint.littleEndian)) { XXH64.hash($0, seed: site) }
        }
    }

    /// Changes with the file's layout.
    private static let formatVersion = 1
    /// The file.
    private let file: URL

    /// The cache in the cache folder `cacheFolder`.
    init(cacheFolder: URL) {
        file = cacheFolder.appendingPathComponent("cells.bin")
    }

    /// The cells the last build that rendered any left, by slot; none when there is no file,
    /// or it does not check out.
    func load() -> [Slot: Cell] {
        guard let bytes = CacheFile.read(file.path) else { return [:] }
        var input = BinaryReader(bytes)
        do {
            guard try input.int() == Self.formatVersion else { return [:] }
            let count = try input.count()
            var cells = [Slot: Cell](minimumCapacity: count)
            for _ in 0..<count {
                let slot = Slot(source: try input.uint64(), template: try input.uint64())
                cells[slot] = Cell(key: try input.uint64(), html: try input.string())
            }
            guard input.isAtEnd else { return [:] }
            return cells
        } catch {
            return [:]
        }
    }

    /// Replaces the file with `cells`, in slot order (the same cells give the same bytes).
    func save(_ cells: [Slot: Cell]) {
        var out = BinaryWriter()
        out.reserve(cells.values.reduce(32) { $0 + $1.html.utf8.count + 40 })
        out.int(Self.formatVersion)
        out.int(cells.count)
        for slot in cells.keys.sorted(by: { ($0.source, $0.template) < ($1.source, $1.template) }) {
            out.uint64(slot.source)
            out.uint64(slot.template)
            out.uint64(cells[slot]!.key)
            out.string(cells[slot]!.html)
        }
        CacheFile.makeCacheFolder(file.deletingLastPathComponent())
        CacheFile.write(out.bytes, to: file)
    }
}
