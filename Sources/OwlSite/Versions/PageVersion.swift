import Owl

/// The page-version protocol's names and numbers (docs/patch-format.md): a page's key, from
/// its path alone, and its version, from its own bytes alone, which every HTML page carries
/// as `<meta name="owl-page" content="KEY VERSION">`; and the patches named by them. The
/// state files, which say each page's current version, are ``StateFile``s.
enum PageVersion {
    /// The page key: FNV-1a 64-bit of the UTF-8 bytes of the page's path below the site root
    /// (`/`, `/posts/hello/`, `/404.html`). FNV-1a, so that owl.js computes it in a few lines.
    static func key(ofPath path: String) -> UInt64 {
        // Over the string's contiguous bytes: through its `utf8` view, byte by byte, a rebuild
        // of 10,000 pages spent 6 million instructions on the keys of the pages it reused.
        var path = path
        return path.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            return hash
        }
    }

    /// 16 lowercase hex digits.
    static func hex(_ value: UInt64) -> String {
        // Written digit by digit into the string's own storage: a rebuild named the state file
        // of every page it kept, and `String(_:radix:)` padded and joined took 5% of its instructions.
        String(unsafeUninitializedCapacity: 16) { buffer in
            for index in 0..<16 {
                buffer[index] = hexDigit(value >> UInt64(60 - 4 * index))
            }
            return 16
        }
    }

    /// The lowercase hex digit of `value`'s lowest four bits, as an ASCII byte.
    static func hexDigit(_ value: UInt64) -> UInt8 {
        let nibble = UInt8(truncatingIfNeeded: value) & 0xf
        return nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
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
