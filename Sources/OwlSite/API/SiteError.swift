/// A problem in the site's sources, naming the file and line where there is one.
public struct SiteError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file, relative to the source folder where possible.
    public var file: String?
    /// The 1-based line in `file`.
    public var line: Int?
    /// What is wrong.
    public var message: String

    /// An error at `file:line`.
    public init(file: String? = nil, line: Int? = nil, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: message`, leaving out what is unknown.
    public var description: String {
        switch (file, line) {
        case let (file?, line?): "\(file):\(line): \(message)"
        case let (file?, nil): "\(file): \(message)"
        default: message
        }
    }
}
