import Foundation
import Owl

extension ContentItem {
    /// Writes the item but its body's HTML, which the Markdown cache keeps apart, and returns
    /// the hash of everything in it but what comes of its body (links, length, HTML): what a
    /// cell in a list can show, unless the theme's cells use `content` or the like
    /// (``TemplateSet/cellsShowContent``). What comes of the body is written last, so that
    /// hash covers what was written before it.
    func write(to out: inout BinaryWriter) -> UInt64 {
        let start = out.bytes.count
        writeListing(to: &out)
        let listingHash = XXH64.hash(out.bytes[start...])
        out.strings(links)
        switch elementIDs {
        case let .decoded(ids): out.strings(ids)
        case let .encoded(bytes): out.append(bytes)
        }
        out.strings(ownFragments)
        out.int(warnings.count)
        for warning in warnings {
            out.optional(warning.line) { $0.int($1) }
            out.string(warning.message)
        }
        out.int(length.words)
        out.int(length.minutes)
        return listingHash
    }

    /// Writes what every pass over the items reads, then the details (``ItemDetails``) as a
    /// blob of their own, which a reader passes over until one of them is read.
    private func writeListing(to out: inout BinaryWriter) {
        out.int(kind.rawValue)
        out.string(source)
        out.string(section)
        out.string(path)
        out.string(title)
        out.optional(date) { $0.double($1.timeIntervalSince1970) }
        out.optional(lastmod) { $0.double($1.timeIntervalSince1970) }
        out.bool(draft)
        out.strings(aliasFiles)
        out.optional(permalink) { $0.string($1) }
        out.string(slug)
        out.optional(expiryDate) { $0.double($1.timeIntervalSince1970) }
        out.bool(dateIsFloating)
        out.bool(lastmodIsFloating)
        out.strings(aliases)
        out.blob { details in
            if let encodedDetails {
                encodedDetails.write(to: &details)
            } else {
                decodedDetails.write(to: &details)
            }
        }
    }

    /// The item `input` holds, with the body `html` (kept apart from it) and `fingerprint`.
    /// `source`, when given, is the source path the caller found the entry by: the item
    /// takes that string rather than a copy of its bytes (one allocation fewer for each of
    /// the thousands of items a rebuild takes from the cache). The details are kept as
    /// `input` holds them until one is read (``ItemDetails/Encoded``); details that do not
    /// decode then are noted in `damage`.
    init(from input: inout BinaryReader, source knownSource: String? = nil, html: BodyHTML,
         fingerprint: ItemFingerprint = ItemFingerprint(file: 0, listing: 0), damage: BodyDamage? = nil) throws {
        // Read into constants and made at once: assigned field by field, the item was made
        // whole and then copied out of the initializer (for each of the thousands of items
        // a rebuild takes from the cache, two dozen references retained and released).
        guard let kind = Kind(rawValue: try input.int()) else { throw BinaryReader.Malformed() }
        let source = try knownSource.map { try input.string(sharing: $0) } ?? input.string()
        let section = try input.string()
        let path = try input.string()
        let title = try input.string()
        let date = try input.optional { Date(timeIntervalSince1970: try $0.double()) }
        let lastmod = try input.optional { Date(timeIntervalSince1970: try $0.double()) }
        let draft = try input.bool()
        let aliasFiles = try input.strings()
        let permalink = try input.optional { try $0.string() }
        let slug = try input.string()
        let expiryDate = try input.optional { Date(timeIntervalSince1970: try $0.double()) }
        let dateIsFloating = try input.bool()
        let lastmodIsFloating = try input.bool()
        let aliases = try input.strings()
        let details = ItemDetails.Encoded(bytes: try input.blob(), damage: damage)
        let links = try input.strings()
        let ids = try input.encodedStrings()
        let ownFragments = try input.strings()
        let warnings = try (0..<input.count()).map { _ in
            let line = try input.optional { try $0.int() }
            return SiteError(file: source, line: line, try input.string())
        }
        let length = ReadingLength(words: try input.int(), minutes: try input.int())
        self.init(
            kind: kind, source: source, section: section, path: path, title: title, date: date, lastmod: lastmod,
            permalink: permalink, slug: slug, expiryDate: expiryDate,
            dateIsFloating: dateIsFloating, lastmodIsFloating: lastmodIsFloating, aliases: aliases, warnings: warnings,
            draft: draft, length: length, aliasFiles: aliasFiles,
            encodedDetails: details, html: html, links: links, elementIDs: .encoded(ids), ownFragments: ownFragments,
            fingerprint: fingerprint
        )
    }
}

extension FieldValue {
    func write(to out: inout BinaryWriter) {
        switch self {
        case let .text(value): out.int(0); out.string(value)
        case let .number(value): out.int(1); out.int(value)
        case let .decimal(value): out.int(2); out.double(value)
        case let .flag(value): out.int(3); out.bool(value)
        case let .list(values):
            out.int(4)
            out.int(values.count)
            for value in values { value.write(to: &out) }
        case let .map(entries):
            out.int(5)
            out.int(entries.count)
            for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
                out.string(key)
                value.write(to: &out)
            }
        case .nothing: out.int(6)
        }
    }

    init(from input: inout BinaryReader) throws {
        switch try input.int() {
        case 0: self = .text(try input.string())
        case 1: self = .number(try input.int())
        case 2: self = .decimal(try input.double())
        case 3: self = .flag(try input.bool())
        case 4: self = .list(try (0..<input.count()).map { _ in try FieldValue(from: &input) })
        case 5:
            let count = try input.count()
            var entries = [String: FieldValue](minimumCapacity: count)
            for _ in 0..<count {
                let key = try input.string()
                entries[key] = try FieldValue(from: &input)
            }
            self = .map(entries)
        case 6: self = .nothing
        default: throw BinaryReader.Malformed()
        }
    }
}
