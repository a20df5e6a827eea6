import Owl

/// A page of the build: its output file, which carries the page's key and version
/// (``PageVersion``), and its manifest entry (the structure patches are made from), rendered
/// in this build or taken from the record of the previous one. (A class: a build hands its
/// ten thousand pages around, and a copy is then one reference.)
final class RenderedPage: Sendable {
    let path: String
    let file: String
    /// The page key, from `path`.
    let key: UInt64
    /// The page's version: the hash of its bytes with the version blanked.
    let version: UInt64
    let output: OutputFile
    /// The page's manifest entry in the build record's binary form.
    let binary: SharedBytes
    /// The manifest entry, when the page was rendered in this build.
    private let rendered: ManifestPage?
    /// The record entry the page was taken from unchanged, when it was not rendered.
    let reused: BuildRecord.Page?
    /// Whether the page carries its key and version (its layout has `{{owlPage}}`).
    let carriesVersion: Bool

    /// Stands for `KEY VERSION` in the layout until the page's bytes are known: bytes that no
    /// source can produce (they hold NULs).
    static let pageToken = "\u{0}owl-page\u{0}"
    private static let listTokenPrefix = Array("\u{0}owl-list-".utf8)
    private static let pageTokenBytes = Array(pageToken.utf8)

    /// The token the layout is given in place of list `index`.
    static func listToken(_ index: Int) -> String { "\u{0}owl-list-\(index)\u{0}" }

    /// Puts the lists into the rendered layout `html` where their tokens are, and the page's
    /// key and version where the layout has ``pageToken``; records the byte ranges of lists
    /// and regions and the hashes of the manifest (with the version blanked, so that a page's
    /// shell does not change with its version).
    /// The page's file is `file`, by default the `index.html` of its path's folder; its title
    /// is its `<title>`'s text.
    init(path: String, file: String? = nil, html: String, lists: [(html: String, entry: ManifestList)]) {
        self.path = path
        self.file = file ?? SitePath.file(for: path)
        let key = PageVersion.key(ofPath: path)
        self.key = key
        var html = html
        var (output, listEntries, versionOffsets) = html.withUTF8 {
            Self.fillingTokens(in: UnsafeRawBufferPointer($0), key: key, lists: lists)
        }
        // The document's title, as a browser shows it: what a patch sets `document.title` to.
        let manifest = Self.manifest(of: output, file: self.file, title: PageScanner.title(in: output), lists: listEntries)
        version = PageVersion.version(ofBlanked: output)
        let digits = Array(PageVersion.hex(version).utf8)
        for offset in versionOffsets { output.replaceSubrange(offset..<(offset + digits.count), with: digits) }
        self.output = OutputFile(output)
        carriesVersion = !versionOffsets.isEmpty
        rendered = manifest
        var binary = BinaryWriter()
        manifest.write(to: &binary)
        self.binary = SharedBytes(binary.bytes)
        reused = nil
    }

    /// The page `path` of the previous build, as its record keeps it, whose file is `output`;
    /// `key` is its path's (``PageVersion/key(ofPath:)``).
    init(path: String, key: UInt64, reusing page: BuildRecord.Page, output: OutputFile) {
        self.path = path
        file = page.file
        self.key = key
        version = page.version
        self.output = output
        binary = page.binary
        carriesVersion = page.carriesVersion
        rendered = nil
        reused = page
    }

    /// The page once its file is in the folder the build writes into: the same page without
    /// its bytes, nor its manifest entry but in binary form (a build keeps every page until it ends).
    var written: RenderedPage { RenderedPage(self, output: output.writtenNow) }

    private init(_ page: RenderedPage, output: OutputFile) {
        path = page.path
        file = page.file
        key = page.key
        version = page.version
        self.output = output
        binary = page.binary
        rendered = nil
        reused = page.reused
        carriesVersion = page.carriesVersion
    }

    /// The manifest entry of the page `output` (version blanked): its regions, and the hash
    /// of what lies outside its lists' sections and its regions.
    private static func manifest(of output: [UInt8], file: String, title: String, lists: [ManifestList]) -> ManifestPage {
        let sectionRanges = lists.flatMap { $0.sections.map { $0.range[0]..<$0.range[1] } }
        var regions: [String: ManifestSpan] = [:]
        var cutOut = sectionRanges
        for (name, range) in RegionScanner.regions(in: output)
        where regions[name] == nil && !sectionRanges.contains(where: { $0.overlaps(range) }) {
            regions[name] = ManifestSpan(hash: ContentHash(bytes: output[range]), start: range.lowerBound, end: range.upperBound)
            cutOut.append(range)
        }
        var shell = ContentHasher()
        var position = 0
        for range in cutOut.sorted(by: { $0.lowerBound < $1.lowerBound }) where range.lowerBound >= position {
            shell.update(with: output[position..<range.lowerBound])
            position = range.upperBound
        }
        shell.update(with: output[position...])
        return ManifestPage(file: file, title: title, shell: shell.hash, lists: lists, regions: regions)
    }

    /// The bytes of the layout `source` with the lists in place of their tokens and
    /// `KEY 0000000000000000` in place of ``pageToken``, the lists' entries (their ranges in
    /// those bytes) and where the version's 16 `0`s are.
    private static func fillingTokens(
        in source: UnsafeRawBufferPointer, key: UInt64, lists: [(html: String, entry: ManifestList)]
    ) -> (output: [UInt8], lists: [ManifestList], versionOffsets: [Int]) {
        var output: [UInt8] = []
        var listEntries: [ManifestList] = []
        var versionOffsets: [Int] = []
        output.reserveCapacity(source.count + lists.reduce(0) { $0 + $1.html.utf8.count })
        let token = Self.pageTokenBytes
        let keyBytes = Array((PageVersion.hex(key) + " ").utf8)
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
                output.append(contentsOf: keyBytes)
                versionOffsets.append(output.count)
                output.append(contentsOf: PageVersion.blankVersion)
                index = zero + token.count
            } else {
                output.append(0)
                index = zero + 1
            }
        }
        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: source[index...]))
        return (output, listEntries, versionOffsets)
    }

    /// The manifest entry.
    func manifest() throws -> ManifestPage {
        try rendered ?? ManifestPage(binary: binary)
    }
}

extension RenderedPage {
    /// A warning when some of `pages` carry no key and version (their layout leaves out
    /// `{{owlPage}}`): a page open in a browser then cannot tell which version it shows, and
    /// never updates.
    static func versionWarning(_ pages: [RenderedPage]) -> SiteError? {
        // Counted, not gathered: at 100,000 pages, a list of them all was made for none.
        guard let first = pages.first(where: { !$0.carriesVersion }) else { return nil }
        return SiteError(
            "\(pages.count { !$0.carriesVersion }) of \(pages.count) pages carry no page version, such as \(first.path): their layout leaves out "
                + "<meta name=\"owl-page\" content=\"{{owlPage}}\">, so open pages cannot update to new builds"
        )
    }
}
