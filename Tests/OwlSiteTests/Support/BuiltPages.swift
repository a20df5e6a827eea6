import Foundation
import Testing
@testable import OwlSite

/// What a build recorded of its pages, read from its record in the site's `.owl-cache/`: the
/// structure each page was rendered with (lists, sections, cells and regions with their
/// hashes and byte ranges) and its version.
struct BuiltPages {
    /// By path below the site root.
    var pages: [String: ManifestPage] = [:]
    var versions: [String: UInt64] = [:]
    /// The older versions with a patch, most recent first.
    var from: [String: [UInt64]] = [:]
    var build: String

    /// The pages of the build in `site`'s output.
    init(_ site: SiteFixture) throws {
        try self.init(source: site.root, output: site.output)
    }

    /// The pages of the build of `source` in `output`.
    init(source: URL, output: URL) throws {
        let records = BuildRecords(cacheFolder: source.appendingPathComponent(".owl-cache"))
        let record = try #require(records.held(by: output)?.record, "the cache knows the build in \(output.path)")
        build = record.build
        for path in record.pagePaths() {
            let page = try #require(record.page(path))
            pages[path] = try ManifestPage(binary: page.binary)
            versions[path] = page.version
            from[path] = page.from
        }
    }
}
