/// What an item's front matter says that only the pages showing the item, its feeds and the
/// making of a new plan read: its summary, tags, taxonomies, author, weight, layout, other
/// keys, and the lines of its keys.
///
/// A rebuild whose plan comes from the cache (``PlanCache``) reads these of the few items
/// its rendered pages show; every other pass over the items (drafts and dates, addresses,
/// links, the keys of the pages) reads the rest of an item. So an item from the Markdown
/// cache keeps them as the cache holds them (``Encoded``), decoded when one is read: decoding them
/// for every item was two fifths of decoding the items in a one-post rebuild of 10,000
/// posts (21 of 52 million instructions, almost half of it the check of the lines of the keys).
struct ItemDetails: Sendable {
    /// The front matter's `summary`, or a page's first paragraph (``FirstParagraph``).
    var summary: String?
    var tags: [String] = []
    /// The terms of each other taxonomy the item is in (`categories` → `["swift"]`): the
    /// front matter's key of that name, Jekyll's `category`, or a key of Zola's `[taxonomies]`.
    var taxonomies: [String: [String]] = [:]
    /// Who wrote the item (`author`, or the first of `authors`), when its front matter says.
    var author: String?
    var weight: Int?
    var layout: String?
    /// Every other front matter key.
    var params: [String: FieldValue] = [:]
    /// The line of each front matter key, for errors about it.
    var lines: FieldLines = [:]

    /// Writes the details, as ``init(from:)`` reads them.
    func write(to out: inout BinaryWriter) {
        out.optional(summary) { $0.string($1) }
        out.strings(tags)
        out.int(taxonomies.count)
        for (name, terms) in taxonomies.sorted(by: { $0.key < $1.key }) {
            out.string(name)
            out.strings(terms)
        }
        out.optional(author) { $0.string($1) }
        out.optional(weight) { $0.int($1) }
        out.optional(layout) { $0.string($1) }
        FieldValue.map(params).write(to: &out)
        lines.write(to: &out)
    }

    /// An item's details as the Markdown cache holds them, decoded each time they are read.
    ///
    /// Not decoded once and kept: a rebuild reads a few items' details, a handful of times
    /// each, and an object to keep them in for every item took more memory than the details
    /// it spared (at 100,000 posts, 10 MB more at the peak). A pass that reads many of them
    /// has the item keep them first (``ContentItem/settleDetails()``).
    ///
    /// The bytes are the cache's, which its checksum covered when the shard was read; details
    /// that do not decode all the same (the lines of their keys out of order) are read as
    /// none, and their source noted in the build's ``BodyDamage``, as a damaged body is: the
    /// build then starts again with the source parsed anew (``DamagedBodies``).
    struct Encoded: Sendable {
        let bytes: SharedBytes
        /// Where details that do not decode are noted.
        let damage: BodyDamage?

        /// The details of the item of `source`, decoded.
        func details(of source: String) -> ItemDetails {
            var input = BinaryReader(bytes)
            do {
                return try ItemDetails(from: &input)
            } catch {
                damage?.note(source)
                return ItemDetails()
            }
        }

        /// Writes the details as the cache holds them.
        func write(to out: inout BinaryWriter) {
            out.append(bytes)
        }
    }
}

extension ItemDetails {
    /// The details `input` holds, which ``write(to:)`` wrote; the lines are checked in order
    /// of their keys, and kept as written (``FieldLines``). Read into constants and made at
    /// once: assigned one by one, each detail was made empty first and then replaced.
    init(from input: inout BinaryReader) throws {
        let summary = try input.optional { try $0.string() }
        let tags = try input.strings()
        var taxonomies: [String: [String]] = [:]
        for _ in 0..<(try input.count()) {
            let name = try input.string()
            taxonomies[name] = try input.strings()
        }
        let author = try input.optional { try $0.string() }
        let weight = try input.optional { try $0.int() }
        let layout = try input.optional { try $0.string() }
        guard case let .map(params) = try FieldValue(from: &input) else { throw BinaryReader.Malformed() }
        let lines = FieldLines(encoded: try input.fieldLines())
        guard input.isAtEnd else { throw BinaryReader.Malformed() }
        self.init(summary: summary, tags: tags, taxonomies: taxonomies, author: author, weight: weight, layout: layout,
                  params: params, lines: lines)
    }
}
