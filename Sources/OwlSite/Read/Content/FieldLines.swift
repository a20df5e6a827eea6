/// The line of each front matter key of an item, for errors about it: a handful of keys,
/// looked up only to name a line, kept in order of their keys.
///
/// A list, not a dictionary: a rebuild decodes every item from the Markdown cache, and
/// making a dictionary of each item's lines (hashing every key) was a sixth of decoding one.
struct FieldLines: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// The keys and their lines, sorted by key.
    private(set) var entries: [(key: String, line: Int)] = []

    init(dictionaryLiteral elements: (String, Int)...) {
        for (key, line) in elements { self[key] = line }
    }

    /// Lines whose keys are sorted and each given once, as ``entries`` lists them.
    init(sorted entries: [(key: String, line: Int)]) {
        self.entries = entries
    }

    var count: Int { entries.count }

    /// The line of `key`; setting nil removes it.
    subscript(key: String) -> Int? {
        get { entries.first { $0.key == key }?.line }
        set {
            let index = entries.firstIndex { $0.key >= key } ?? entries.endIndex
            let isThere = index < entries.endIndex && entries[index].key == key
            switch (newValue, isThere) {
            case let (line?, true): entries[index].line = line
            case let (line?, false): entries.insert((key, line), at: index)
            case (nil, true): entries.remove(at: index)
            case (nil, false): break
            }
        }
    }

    static func == (left: FieldLines, right: FieldLines) -> Bool {
        left.entries.elementsEqual(right.entries) { $0.key == $1.key && $0.line == $1.line }
    }
}
