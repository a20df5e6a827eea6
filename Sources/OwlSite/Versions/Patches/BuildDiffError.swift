/// Why two builds could not be compared, naming the file at fault.
public enum BuildDiffError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A folder is missing or holds no build.
    case folder(path: String, reason: String)
    /// A page file is unreadable.
    case pageFile(path: String, reason: String)
    /// A byte range of a page's manifest entry lies outside its page file or is reversed.
    case range(file: String, start: Int, end: Int)
    /// The patch could not be written into the newer build's folder.
    case patchFile(path: String, reason: String)

    /// A one-line message naming the file.
    public var description: String {
        switch self {
        case let .folder(path, reason): "\(path): \(reason)"
        case let .pageFile(path, reason): "\(path): \(reason)"
        case let .patchFile(path, reason): "\(path): cannot write the patch: \(reason)"
        case let .range(file, start, end): "\(file): byte range [\(start), \(end)) of a page lies outside the file"
        }
    }
}
