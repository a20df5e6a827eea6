/// Checks adapter-supplied attributes before they reach the markup.
enum HTMLAttributes {
    /// Attributes Owl writes itself, besides every name starting with ``reservedPrefix``.
    static let reserved: Set<String> = ["class", "style"]
    /// The prefix of the `data-` attributes Owl keeps for its markers, present and future.
    static let reservedPrefix = "data-owl-"

    /// `attributes` sorted by name; throws on a name that is not a plain attribute name
    /// or that Owl reserves.
    static func validated(_ attributes: [String: String], adapter: String) throws -> [(name: String, value: String)] {
        for name in attributes.keys where !isValidName(name) || isReserved(name) {
            throw OwlError.invalidAttribute(name: name, adapter: adapter)
        }
        return attributes.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    private static func isReserved(_ name: String) -> Bool {
        let name = name.lowercased()
        return reserved.contains(name) || name.hasPrefix(reservedPrefix) || name == "data-owl"
    }

    private static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "."):
                true
            default:
                false
            }
        }
    }
}
