import Owl

/// A page of the build: its output file (with the build id still blanked) and its manifest
/// entry, rendered in this build or taken from the record of the previous one. (A class:
/// a build hands its ten thousand pages around, and a copy is then one reference.)
final class RenderedPage: Sendable {
    let path: String
    let file: String
    let output: OutputFile
    /// The page's entry in `build.json`.
    let json: SharedBytes
    /// The page's entry in the build cache's binary form.
    let binary: SharedBytes
    /// Where the previous build's record keeps `json` and `binary`, when the page was not rendered.
    private let stored: BuildRecord.Stored?
    /// The manifest entry, when the page was rendered in this build.
    private let rendered: ManifestPage?
    /// The build the page was taken from unchanged, when it was not rendered.
    let reused: String?

    /// Stands for the build id until it is known: 16 bytes that no source can produce (it holds NULs).
    static let buildIDToken = "\u{0}owl-build-id\u{0}\u{0}\u{0}"
    private static let listTokenPrefix = Array("\u{0}owl-list-".utf8)
    private static let buildIDTokenBytes = Array(buildIDToken.utf8)

    /// The token the layout is given in place of list `index`.
    static func listToken(_ index: Int) -> String { "\u{0}owl-list-\(index)\u{0}" }

    /// Puts the lists into the rendered layout `html` where their tokens are, and records
    /// the byte ranges of lists and regions and the hashes of the manifest.
    init(path: String, title: String, html: String, lists: [(html: String, entry: ManifestList)]) {
        self.path = path
        file = SitePath.file(for: path)
        var html = html
        let (output, listEntries, buildIDOffsets) = html.withUTF8 { Self.fillingTokens(in: UnsafeRawBufferPointer($0), lists: lists) }
        self.output = OutputFile(output, buildIDOffsets: buildIDOffsets)

        let sectionRanges = listEntries.flatMap { $0.sections.map { $0.range[0]..<$0.range[1] } }
        var regions: [String: ManifestSpan] = [:]
        var cutOut = sectionRanges
        for (name, range) in RegionScanner.regions(in: output)
        where regions[name] == nil && !sectionRanges.contains(where: { $0.overlaps(range) }) {
            regions[name] = ManifestSpan(hash: ContentHash(bytes: output[range]).description, start: range.lowerBound, end: range.upperBound)
            cutOut.append(range)
        }
        var shell = ContentHasher()
        var position = 0
        for range in cutOut.sorted(by: { $0.lowerBound < $1.lowerBound }) where range.lowerBound >= position {
            shell.update(with: output[position..<range.lowerBound])
            position = range.upperBound
        }
        shell.update(with: output[position...])
        let manifest = ManifestPage(file: file, title: title, shell: shell.hash.description, lists: listEntries, regions: regions)
        rendered = manifest
        reused = nil
        json = SharedBytes(manifest.json())
        var binary = BinaryWriter()
        manifest.write(to: &binary)
        self.binary = SharedBytes(binary.bytes)
        stored = nil
    }

    /// The page `path` of the previous build `record`, which has it.
    init(path: String, reusing page: BuildRecord.Page, of record: BuildRecord) {
        self.path = path
        self.file = page.file
        output = OutputFile(previous: page.file, page.output)
        json = page.json
        binary = page.binary
        stored = page.stored
        rendered = nil
        reused = record.build
    }

    /// The file of a page outside the manifest, rendered as `html` (without lists).
    static func file(filling html: String) -> OutputFile {
        var html = html
        let (output, _, buildIDOffsets) = html.withUTF8 { fillingTokens(in: UnsafeRawBufferPointer($0), lists: []) }
        return OutputFile(output, buildIDOffsets: buildIDOffsets)
    }

    /// The bytes of the layout `source` with the lists in place of their tokens, the lists'
    /// entries (their ranges in those bytes) and where the build id's tokens are.
    private static func fillingTokens(
        in source: UnsafeRawBufferPointer, lists: [(html: String, entry: ManifestList)]
    ) -> (output: [UInt8], lists: [ManifestList], buildIDOffsets: [Int]) {
        var output: [UInt8] = []
        var listEntries: [ManifestList] = []
        var buildIDOffsets: [Int] = []
        output.reserveCapacity(source.count + lists.reduce(0) { $0 + $1.html.utf8.count })
        let token = Self.buildIDTokenBytes
        var index = 0
        // Both tokens begin with a NUL, which no source can produce: everything between two is copied as it is.
        while let zero = ByteSearch.firstOffset(of: 0, in: source, from: index) {
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: source[index..<zero]))
            let rest = source[zero...]
            if rest.starts(with: listTokenPrefix),
               let end = ByteSearch.firstOffset(of: 0, in: source, from: zero + 1),
               let number = Int(String(decoding: source[(zero + listTokenPrefix.count)..<end], as: UTF8.self)),
               lists.indices.contains(number) {
                listEntries.append(lists[number].entry.shifted(by: output.count))
                output.append(utf8Of: lists[number].html)
                index = end + 1
            } else if rest.starts(with: token) {
                buildIDOffsets.append(output.count)
                output.append(contentsOf: token)
                index = zero + token.count
            } else {
                output.append(0)
                index = zero + 1
            }
        }
        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: source[index...]))
        return (output, listEntries, buildIDOffsets)
    }

    /// The manifest entry.
    func manifest() throws -> ManifestPage {
        try rendered ?? ManifestPage(binary: binary)
    }

    /// What the build's record keeps of the page, rendered from inputs that hash to `key`.
    func record(key: UInt64) -> BuildRecord.Page {
        BuildRecord.Page(key: key, file: file, output: output.record, json: json, binary: binary, stored: stored)
    }
}

extension RenderedPage {
    /// A warning when some of `pages` carry no build id (their layout leaves out
    /// `{{buildID}}`): a page open in a browser then cannot tell which build it shows, and
    /// never updates to a new one.
    static func buildIDWarning(_ pages: [RenderedPage]) -> SiteError? {
        let without = pages.filter { $0.output.buildIDOffsets.isEmpty }
        guard let first = without.first else { return nil }
        return SiteError(
            "\(without.count) of \(pages.count) pages carry no build id, such as \(first.path): their layout leaves out "
                + "<meta name=\"owl-build\" content=\"{{buildID}}\">, so open pages cannot update to new builds"
        )
    }
}
