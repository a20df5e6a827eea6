import Foundation
import Testing
import TestSupport
@testable import OwlSite

/// The reader made for a manifest's shape reads what `JSONDecoder` reads, the same; what it
/// does not expect goes to `JSONDecoder`.
@Suite struct ManifestReadingTests {
    /// A manifest of `count` pages whose texts hold what JSON escapes.
    private func manifest(pages count: Int, using random: inout SeededGenerator) -> BuildManifest {
        let texts = ["plain", "quote \" and \\ backslash", "slash / and tab \t", "line\nbreak", "control \u{1}\u{1F}", "Café 日本 💡", "", "\u{0}"]
        var pages: [String: ManifestPage] = [:]
        for number in 0..<count {
            let lists = (0..<Int.random(in: 0...2, using: &random)).map { list in
                ManifestList(id: "list-\(list)", shell: texts.randomElement(using: &random)!, sections: (0..<Int.random(in: 0...3, using: &random)).map { section in
                    ManifestSection(
                        id: "\(2020 + section)", hash: "0123456789abcdef", range: [section * 100, section * 100 + 99],
                        cells: (0..<Int.random(in: 0...4, using: &random)).map { ManifestCell(id: "c\($0)", hash: texts.randomElement(using: &random)!, start: $0, end: Int.max) }
                    )
                })
            }
            let regions = Dictionary(uniqueKeysWithValues: ["title", "nav", "footer"].prefix(Int.random(in: 0...3, using: &random)).map {
                ($0, ManifestSpan(hash: "fedcba9876543210", start: -1, end: 0))
            })
            pages["/p\(number)/\(texts.randomElement(using: &random)!)"] = ManifestPage(
                file: "p\(number)/index.html", title: texts.randomElement(using: &random)!, shell: "00ff", lists: lists, regions: regions
            )
        }
        return BuildManifest(build: "00000000000000ab", pages: pages)
    }

    /// As the build writes it.
    private func written(_ manifest: BuildManifest) -> Data {
        let entries = BuildManifest.entries(manifest.pages.keys.sorted().map { ($0, SharedBytes(manifest.pages[$0]!.json())) })
        return Data(BuildManifest.json(build: manifest.build, entries: entries))
    }

    @Test func readsWhatTheBuildWritesAndWhatJSONEncoderWrites() throws {
        var random = SeededGenerator(seed: 11)
        let original = manifest(pages: 300, using: &random)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted]
        for json in [written(original), try JSONEncoder().encode(original), try encoder.encode(original)] {
            #expect(BuildManifest.reading(json) == original)
            #expect(try JSONDecoder().decode(BuildManifest.self, from: json) == original)
        }
    }

    /// Whatever the bytes, the reader reads nothing that `JSONDecoder` reads otherwise, or refuses.
    @Test func neverDisagreesWithJSONDecoder() throws {
        var random = SeededGenerator(seed: 12)
        let json = [UInt8](written(manifest(pages: 3, using: &random)))
        let pieces = Array("{}[],:\"\\ 0123456789-.eEu".utf8) + [0x00, 0x1F, 0xC3, 0xFF]
        var accepted = 0
        for _ in 0..<3_000 {
            var bytes = json
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[at] = pieces.randomElement(using: &random)!
                case 1: bytes.remove(at: at)
                default: bytes.insert(pieces.randomElement(using: &random)!, at: at)
                }
            }
            guard let read = BuildManifest.reading(Data(bytes)) else { continue }
            accepted += 1
            #expect(try JSONDecoder().decode(BuildManifest.self, from: Data(bytes)) == read, "\(String(decoding: bytes, as: UTF8.self))")
        }
        #expect(accepted > 0, "some changes (in a hash, a number) leave valid manifests")
    }

    /// What a manifest may hold that the reader does not expect is read by `JSONDecoder`.
    @Test(arguments: [
        #"{"format":"owl-build","version":2,"build":"ab","pages":{},"extra":1}"#,
        #"{"format":"owl-build","version":2.0,"build":"ab","pages":{}}"#,
        #"{"format":"owl-build","version":2,"build":"ab","build":"cd","pages":{}}"#,
    ])
    func theUnexpectedGoesToJSONDecoder(json: String) throws {
        #expect(BuildManifest.reading(Data(json.utf8)) == nil)
        #expect(try BuildManifest.decoding(Data(json.utf8)).pages.isEmpty)
    }

    @Test(arguments: [#"{"format":"owl-build","version":2,"build":"ab","pages":{}"#, #"{"format":"owl-build","version":2,"build":"ab","pages":{}} x"#,
                      #"{"format":"owl-build","version":2,"build":"a\q","pages":{}}"#, #"{"format":"owl-build","version":02,"build":"ab","pages":{}}"#])
    func invalidJSONIsRefused(json: String) {
        #expect(BuildManifest.reading(Data(json.utf8)) == nil)
        #expect(throws: (any Error).self) { try BuildManifest.decoding(Data(json.utf8)) }
    }
}
