/// Why a changeset cannot be replayed on some data: a change addresses a position the
/// data does not have, or a position that another change of the same step addresses.
public enum ReplayError: Error, Equatable, Sendable {
    /// A section index out of range or addressed twice.
    case invalidSection(Int)
    /// An element path out of range or addressed twice.
    case invalidElement(ElementPath)
}

extension ReplayError: CustomStringConvertible {
    /// The failing change's position.
    public var description: String {
        switch self {
        case .invalidSection(let section):
            "cannot replay: section \(section) is out of range or addressed twice"
        case .invalidElement(let path):
            "cannot replay: element \(path.debugDescription) is out of range or addressed twice"
        }
    }
}
