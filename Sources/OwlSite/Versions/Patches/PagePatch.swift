import Owl

/// What a patch file says about one page (docs/formats.md §4): reload it, or its new
/// title, its changed lists and its changed regions. Absent parts are unchanged.
public struct PagePatch: Codable, Sendable, Equatable {
    /// `true` when the page cannot be patched and must be loaded again.
    public var reload: Bool?
    /// The new title, when it changed.
    public var title: String?
    /// The lists that changed.
    public var lists: [ListPatch]?
    /// The new outer HTML of each region that changed, by name.
    public var regions: [String: String]?

    /// A page entry; every part optional.
    public init(reload: Bool? = nil, title: String? = nil, lists: [ListPatch]? = nil, regions: [String: String]? = nil) {
        (self.reload, self.title, self.lists, self.regions) = (reload, title, lists, regions)
    }

    /// A page that must be loaded again.
    public static let reload = PagePatch(reload: true)
}
