import Foundation
@testable import Owl
import Testing
import TestSupport

/// XXH64 gives the reference implementation's hashes (libxxhash 0.8.1), through every tail
/// length: the 32-byte lanes, then 8, 4 and single bytes; ``ContentHasher`` gives the same
/// however the bytes are cut into pieces.
@Suite struct ContentHashTests {
    private func pattern(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(($0 * 7 + 3) % 256) } }

    @Test func xxh64MatchesTheReferenceVectors() {
        #expect(XXH64.hash([UInt8]()) == 0xEF46_DB37_51D8_E999)
        #expect(XXH64.hash(Array("a".utf8)) == 0xD24E_C4F1_A98C_6E5B)
        #expect(XXH64.hash(Array("abc".utf8)) == 0x44BC_2CF5_AD77_0999)
        #expect(XXH64.hash(Array("owl-site".utf8), seed: 7) == 0xA2B2_49C4_8378_057A)
        #expect(XXH64.hash(pattern(13)) == 0xF78B_0313_08F5_BFC8)
        #expect(XXH64.hash(pattern(31)) == 0xA2AA_5F33_CC4A_6119)
        #expect(XXH64.hash(pattern(45)) == 0x86FA_EE00_897C_4B41)
        #expect(XXH64.hash(Array(0..<100), seed: 0x1234_5678_90AB_CDEF) == 0x9767_F5CF_EC7E_0A54)
        let long = (0..<768).map { UInt8($0 % 256) } + Array("xyz".utf8)
        #expect(XXH64.hash(long) == 0xE921_A1B4_5BD7_79F8)
        // A slice hashes as its own bytes, wherever it starts.
        #expect(XXH64.hash(([0, 0, 0] + Array("abc".utf8))[3...]) == 0x44BC_2CF5_AD77_0999)
    }

    @Test func contentHashIsXXH64InHex() {
        #expect(ContentHash("").description == "ef46db3751d8e999")
        #expect(ContentHash("a").description == "d24ec4f1a98c6e5b")
        #expect(ContentHash(bytes: pattern(45)).description == "86faee00897c4b41")
        #expect(ContentHash(hex: "86faee00897c4b41") == ContentHash(bytes: pattern(45)))
        #expect(ContentHash(hex: "86faee00897c4b4") == nil)
        #expect(ContentHash(value: 0xab).description == "00000000000000ab")
    }

    @Test func contentHashCodesAsItsHexDigits() throws {
        let hashes = [ContentHash(value: 0xab), ContentHash(value: .max), ContentHash("a")]
        let json = try JSONEncoder().encode(hashes)
        #expect(String(decoding: json, as: UTF8.self) == #"["00000000000000ab","ffffffffffffffff","d24ec4f1a98c6e5b"]"#)
        #expect(try JSONDecoder().decode([ContentHash].self, from: json) == hashes)
        for malformed in [#"["ab"]"#, #"["00000000000000ag"]"#, #"["000000000000000ab"]"#, "[171]"] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode([ContentHash].self, from: Data(malformed.utf8)) }
        }
    }

    @Test func contentHashAgreesOnContiguousAndOtherSequences() {
        let bytes = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let contiguous = ContentHash(bytes: bytes)
        #expect(ContentHash(bytes: bytes[...]) == contiguous)
        #expect(ContentHash(bytes: bytes.lazy.map { $0 }) == contiguous, "a sequence without contiguous storage")
        #expect(ContentHash(bytes: AnySequence(bytes)) == contiguous, "a sequence that is not a collection")
        #expect(ContentHash("héllo ✓") == ContentHash(bytes: Array("héllo ✓".utf8)))
        #expect(ContentHash("héllo ✓"[...]) == ContentHash("héllo ✓"))
    }

    /// Every length up to five stripes, cut at random places (empty pieces too): the pieces
    /// fill, complete and overrun the hasher's pending stripe in every way.
    @Test func piecesHashAsTheirConcatenation() {
        var generator = SeededGenerator(seed: 42)
        for count in 0...160 {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            for _ in 0..<8 {
                var hasher = ContentHasher()
                var start = 0
                while start < count {
                    let end = min(count, start + Int.random(in: 0...40, using: &generator))
                    hasher.update(with: bytes[start..<end])
                    start = end
                }
                hasher.update(with: [UInt8]())
                #expect(hasher.hash == ContentHash(bytes: bytes), "\(count) bytes")
                #expect(hasher.hash.value == XXH64.hash(bytes))
            }
        }
        var text = ContentHasher()
        text.update(with: "foo")
        text.update(with: "bar"[...])
        #expect(text.hash == ContentHash("foobar"))
    }
}
