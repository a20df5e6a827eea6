/// The line of each front matter key of an item, for errors about it: a handful of keys,
/// looked up only to name a line, kept in order of their keys.
///
/// A list, not a dictionary: a rebuild decodes every item from the Markdown cache, and
/// making a dictionary of each item's lines (hashing every key) was a sixth of decoding one.
/// An item from the cache keeps its lines as the cache holds them, and a line is found among
/// their bytes: making the list of each item's keys and lines took a rebuild of 10,000
/// posts 9 million instructions, for lines that only an error names.
struct FieldLines: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    private enum Storage: Sendable {
        case decoded([(key: String, line: Int)])
        /// What ``write(to:)`` wrote of them.
        case encoded(SharedBytes)
    }

    private var storage: Storage

    init(dictionaryLiteral elements: (String, Int)...) {
        storage = .decoded([])
        for (key, line) in elements { self[key] = line }
    }

    /// Lines whose keys are sorted and each given once, as ``entries`` lists them.
    init(sorted entries: [(key: String, line: Int)]) {
        storage = .decoded(entries)
    }

    /// The lines in the bytes ``BinaryReader/fieldLines()`` checked, which ``write(to:)`` wrote.
    init(encoded bytes: SharedBytes) {
        storage = .encoded(bytes)
    }

    /// Writes the lines: the count, then each key (as a string is written) and its line, in
    /// order of the keys; lines read from the cache as they were read.
    func write(to out: inout BinaryWriter) {
        switch storage {
        case let .encoded(bytes): out.append(bytes)
        case let .decoded(entries):
            out.int(entries.count)
            for (key, line) in entries {
                out.string(key)
                out.int(line)
            }
        }
    }

    /// The keys and their lines, sorted by key.
    var entries: [(key: String, line: Int)] {
        switch storage {
        case let .decoded(entries): return entries
        case let .encoded(bytes):
            var input = BinaryReader(bytes)
            guard let count = try? input.count() else { return [] }
            return (0..<count).compactMap { _ in
                guard let key = try? input.string(), let line = try? input.int() else { return nil }
                return (key, line)
            }
        }
    }

    var count: Int {
        switch storage {
        case let .decoded(entries): return entries.count
        case let .encoded(bytes):
            var input = BinaryReader(bytes)
            return (try? input.count()) ?? 0
        }
    }

    /// Front matter keys looked up together (``line(ofFirst:)``), their bytes made once.
    struct Keys: Sendable, ExpressibleByArrayLiteral {
        let names: [String]
        fileprivate let bytes: [SharedBytes]
        /// Whether every name is found by its bytes (``FieldLines/isFoundByItsBytes(_:)``).
        fileprivate let areFoundByTheirBytes: Bool

        init(arrayLiteral names: String...) {
            self.init(names: names)
        }

        init(names: [String]) {
            self.names = names
            bytes = names.map { SharedBytes(Array($0.utf8)) }
            areFoundByTheirBytes = names.allSatisfy(FieldLines.isFoundByItsBytes)
        }
    }

    /// The line of the first of `keys` that the item has, in the order of `keys`: what
    /// `lines[keys[0]] ?? lines[keys[1]] ?? …` gives, with the lines read once, each key
    /// compared by its bytes. A new plan asks each page's item for the first of four keys;
    /// reading the lines from the cache's bytes for each key took 4,100 instructions an item,
    /// 41 million of a title edit of 10,000 posts (callgrind).
    func line(ofFirst keys: Keys) -> Int? {
        guard case let .encoded(encoded) = storage, keys.areFoundByTheirBytes else {
            let entries = entries
            return keys.names.lazy.compactMap { key in entries.first { $0.key == key }?.line }.first
        }
        return Self.line(in: encoded) { candidate in keys.bytes.firstIndex { candidate.hasSameBytes(as: $0) } }
    }

    /// The line of the key in `encoded` (what ``write(to:)`` wrote) that `rank` ranks first,
    /// the lowest rank winning; keys it gives no rank are passed over. Each key is the item's
    /// once, so a key of rank 0 ends the search.
    private static func line(in encoded: SharedBytes, rankedBy rank: (SharedBytes) -> Int?) -> Int? {
        var input = BinaryReader(encoded)
        guard let count = try? input.count() else { return nil }
        var found: (rank: Int, line: Int)?
        for _ in 0..<count {
            guard let candidate = try? input.blob(), let line = try? input.int() else { return nil }
            if let rank = rank(candidate), rank < found?.rank ?? Int.max {
                if rank == 0 { return line }
                found = (rank, line)
            }
        }
        return found?.line
    }

    /// Whether a key equal to `key` as Swift compares strings (by canonical equivalence) has
    /// `key`'s very bytes: an ASCII key but for `K`, `;` and `` ` ``, which the Kelvin sign,
    /// the Greek question mark and the Greek varia are equivalent to. Such keys (every key
    /// owl-site looks up) are found in the cache's bytes without a string made of each.
    fileprivate static func isFoundByItsBytes(_ key: String) -> Bool {
        key.isASCII && !key.utf8.contains { $0 == UInt8(ascii: "K") || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "`") }
    }

    /// The line of `key`; setting nil removes it.
    subscript(key: String) -> Int? {
        get {
            guard case let .encoded(encoded) = storage, Self.isFoundByItsBytes(key) else {
                return entries.first { $0.key == key }?.line
            }
            return Self.line(in: encoded) { $0.areUTF8(of: key) ? 0 : nil }
        }
        set {
            var entries = self.entries
            let index = entries.firstIndex { $0.key >= key } ?? entries.endIndex
            let isThere = index < entries.endIndex && entries[index].key == key
            switch (newValue, isThere) {
            case let (line?, true): entries[index].line = line
            case let (line?, false): entries.insert((key, line), at: index)
            case (nil, true): entries.remove(at: index)
            case (nil, false): break
            }
            storage = .decoded(entries)
        }
    }

    static func == (left: FieldLines, right: FieldLines) -> Bool {
        left.entries.elementsEqual(right.entries) { $0.key == $1.key && $0.line == $1.line }
    }
}

extension BinaryReader {
    /// The bytes of an item's front matter lines (``FieldLines/init(encoded:)``), sharing the
    /// reader's storage: each key's length is checked and passed over, and the keys must
    /// come in order (a list out of order is a damaged entry); no string is made but where a
    /// key is not ASCII.
    mutating func fieldLines() throws -> SharedBytes {
        let start = position
        var previous: SharedBytes?
        for _ in 0..<(try count()) {
            let key = try blob()
            _ = try int()
            if let previous, !Self.isOrdered(previous, before: key) { throw Malformed() }
            previous = key
        }
        return bytes(from: start)
    }

    /// Whether the key `first` sorts before `second` as strings do: by their bytes where both
    /// are ASCII, as text otherwise.
    private static func isOrdered(_ first: SharedBytes, before second: SharedBytes) -> Bool {
        guard first.allSatisfy({ $0 < 0x80 }) && second.allSatisfy({ $0 < 0x80 }) else {
            return String(decoding: first, as: UTF8.self) < String(decoding: second, as: UTF8.self)
        }
        return first.lexicographicallyPrecedes(second)
    }
}
