import Foundation
import Owl

/// A patch file, `_owl/patches/KEY-FROM-TO.json`: turns one page from version `from` into
/// version `to` (docs/patch-format.md). Once written its bytes never change: a CDN may cache
/// it forever. Absent parts are unchanged.
public struct PatchFile: Codable, Sendable, Equatable {
    /// Always `owl-patch`.
    public var format = "owl-patch"
    /// The patch format version.
    public var version = Self.currentVersion
    /// The page's path below the site root (`/posts/`).
    public var page: String
    /// The version the patch applies to (16 hex digits).
    public var from: String
    /// The version the patch leads to.
    public var to: String
    /// The new title, when it changed.
    public var title: String?
    /// The lists that changed.
    public var lists: [ListPatch]?
    /// The new outer HTML of each region that changed, by name.
    public var regions: [String: String]?

    /// The format version this code writes: 2, per page (version 1 patched a whole build).
    public static let currentVersion = 2

    /// A patch of the page at `page` from version `from` to `to` that does what `patch` says
    /// (which must not be a reload).
    public init(page: String, from: String, to: String, patch: PagePatch) {
        (self.page, self.from, self.to) = (page, from, to)
        (title, lists, regions) = (patch.title, patch.lists, patch.regions)
    }

    /// The patch's path below the output folder.
    public var path: String {
        "\(SitePath.reservedFolder)/patches/\(PageVersion.hex(PageVersion.key(ofPath: page)))-\(from)-\(to).json"
    }

    /// Compact JSON with sorted keys and a final line break: the same patch gives the same bytes.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }
}
