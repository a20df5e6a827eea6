/// How one page present in both builds changed.
public struct PageChange: Codable, Sendable, Equatable {
    /// The page's path below the site root.
    public var path: String
    /// Why the page cannot be patched, when it cannot.
    public var reload: String?
    /// Whether the title changed.
    public var title: Bool
    /// The names of the regions that changed.
    public var regions: [String]
    /// The lists that changed, with their counts.
    public var lists: [ListChange]

    /// One changed list of a page.
    public struct ListChange: Codable, Sendable, Equatable {
        /// The list's id.
        public var id: String
        /// What its patch does.
        public var changes: ChangeCounts
    }
}
