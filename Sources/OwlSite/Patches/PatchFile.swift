import Foundation

/// A patch file, `_owl/patches/BASE.json`: turns any page of build `base` into the same
/// page of build `target` (docs/formats.md §4). Pages it does not name are unchanged
/// apart from the build id.
public struct PatchFile: Codable, Sendable, Equatable {
    /// Always `owl-patch`.
    public var format = "owl-patch"
    /// The patch format version.
    public var version = 1
    /// The build the patch applies to.
    public var base: String
    /// The build the patch leads to.
    public var target: String
    /// The changed pages by path below the site root.
    public var pages: [String: PagePatch]

    /// A patch from `base` to `target`.
    public init(base: String, target: String, pages: [String: PagePatch]) {
        (self.base, self.target, self.pages) = (base, target, pages)
    }

    /// The patch's path below the output folder.
    public static func path(base: String) -> String {
        "\(SitePath.reservedFolder)/patches/\(base).json"
    }

    /// Compact JSON with sorted keys: the same patch gives the same bytes.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
