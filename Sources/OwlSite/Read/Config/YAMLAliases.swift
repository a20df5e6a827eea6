// libyaml, which Yams parses with: its events show each alias once, before anything is composed.
import CYaml

/// How many values a YAML text stands for with its aliases expanded, counted before Yams
/// composes it. Yams looks for duplicate keys by hashing each mapping's keys whole, and a
/// key that is an alias of a list of aliases of lists… (a few lines, a "billion laughs")
/// would take it forever; the values that front matter and data files keep are limited as
/// well (``FieldValue/limit``), but only after Yams has composed them.
enum YAMLAliases {
    /// The most values a YAML text may stand for, aliases expanded: ten times the values a
    /// file may keep, so that those keep their own, more precise, error; hashing this many
    /// takes milliseconds.
    static let limit = 10 * FieldValue.limit

    /// The line (1-based, in `text`) where the values `text` stands for, each alias counted as
    /// the values it repeats, pass `limit`; nil when they do not, or when libyaml cannot parse
    /// the text (Yams then says why).
    static func lineExceeding(_ limit: Int = limit, in text: String) -> Int? {
        // Without a `*` there is no alias: the count is at most the text's length.
        guard text.utf8.contains(UInt8(ascii: "*")) else { return nil }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var counter = Counter()
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                guard event.type != YAML_STREAM_END_EVENT else { return nil }
                counter.count(event)
                if counter.total > limit { return Int(event.start_mark.line) + 1 }
            }
        }
    }

    /// The running count over a text's events.
    private struct Counter {
        /// The values each anchor of the current document stands for.
        var anchors: [String: Int] = [:]
        /// The values of the lists and mappings open around the current event, and their anchors.
        var open: [(anchor: String?, values: Int)] = []
        /// The values so far.
        var total = 0

        mutating func count(_ event: yaml_event_t) {
            switch event.type {
            case YAML_DOCUMENT_START_EVENT:
                anchors = [:]
            case YAML_SCALAR_EVENT:
                add(1, anchor: event.data.scalar.anchor)
            case YAML_ALIAS_EVENT:
                add(Self.name(event.data.alias.anchor).flatMap { anchors[$0] } ?? 1, anchor: nil)
            case YAML_SEQUENCE_START_EVENT:
                open.append((Self.name(event.data.sequence_start.anchor), 1))
                total += 1
            case YAML_MAPPING_START_EVENT:
                open.append((Self.name(event.data.mapping_start.anchor), 1))
                total += 1
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let closed = open.popLast() else { return }
                if let anchor = closed.anchor { anchors[anchor] = closed.values }
                if !open.isEmpty { open[open.count - 1].values += closed.values }
            default:
                break
            }
        }

        /// Counts `values` more (a scalar's one, or an alias's), in the open list or mapping too.
        private mutating func add(_ values: Int, anchor: UnsafeMutablePointer<yaml_char_t>?) {
            total += values
            if !open.isEmpty { open[open.count - 1].values += values }
            if let name = Self.name(anchor) { anchors[name] = values }
        }

        private static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            anchor.map { String(cString: $0) }
        }
    }
}
