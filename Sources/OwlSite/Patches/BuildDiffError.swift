/// Why two builds could not be compared, naming the file at fault.
public enum BuildDiffError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A build's manifest is missing or unreadable.
    case manifest(path: String, reason: String)
    /// A page file named by the manifest is missing or unreadable.
    case pageFile(path: String, reason: String)
    /// A byte range of the manifest lies outside its page file or is reversed.
    case range(file: String, start: Int, end: Int)
    /// The patch could not be written into the newer build's folder.
    case patchFile(path: String, reason: String)

    /// A one-line message naming the file.
    public var description: String {
        switch self {
        case let .manifest(path, reason): "\(path): \(reason)"
        case let .pageFile(path, reason): "\(path): \(reason)"
        case let .patchFile(path, reason): "\(path): cannot write the patch: \(reason)"
        case let .range(file, start, end): "\(file): byte range [\(start), \(end)) of the manifest lies outside the file"
        }
    }
}
