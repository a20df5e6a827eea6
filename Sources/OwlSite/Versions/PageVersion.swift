import Owl

/// The page-version protocol's names and numbers (docs/patch-format.md): a page's key, from
/// its path alone, and its version, from its own bytes alone, which every HTML page carries
/// as `<meta name="owl-page" content="KEY VERSION">`; and the patches named by them. The
/// state files, which say each page's current version, are ``StateFile``s.
enum PageVersion {
    /// The page key: FNV-1a 64-bit of the UTF-8 bytes of the page's path below the site root
    /// (`/`, `/posts/hello/`, `/404.html`). FNV-1a, so that owl.js computes it in a few lines.
    static func key(ofPath path: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// 16 lowercase hex digits.
    static func hex(_ value: UInt64) -> String {
        // Written digit by digit into the string's own storage: a rebuild named the state file
        // of every page it kept, and `String(_:radix:)` padded and joined took 5% of its instructions.
        String(unsafeUninitializedCapacity: 16) { buffer in
            for index in 0..<16 {
                let nibble = UInt8(truncatingIfNeeded: value >> UInt64(60 - 4 * index)) & 0xf
                buffer[index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
            }
            return 16
        }
    }

    /// The version of a page whose bytes, with the version written as 16 `0`s, are `bytes`.
    static func version(ofBlanked bytes: [UInt8]) -> UInt64 {
        XXH64.hash(bytes)
    }

    /// The 16 `0`s that stand for the version while the page is hashed.
    static let blankVersion = [UInt8](repeating: UInt8(ascii: "0"), count: 16)

    /// The patch of the page with key `key` from version `from` to `to`, below the output folder.
    static func patchFile(key: UInt64, from: UInt64, to: UInt64) -> String {
        "\(SitePath.reservedFolder)/patches/\(hex(key))-\(hex(from))-\(hex(to)).json"
    }

    /// The version in `text` when it is 16 lowercase hex digits.
    static func parse(_ text: some StringProtocol) -> UInt64? {
        guard text.utf8.count == 16, text.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
        return UInt64(text, radix: 16)
    }
}
