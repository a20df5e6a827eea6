/// A failed build, as the terminal and the page's overlay show it.
public struct BuildFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The whole message, `file:line: message` when the failure has a place.
    public var message: String
    /// The source file the failure is in, relative to the site folder, if known.
    public var file: String?
    /// The 1-based line in `file`, if known.
    public var line: Int?

    /// A failure with a message and, where known, its place.
    public init(message: String, file: String? = nil, line: Int? = nil) {
        self.message = message
        self.file = file
        self.line = line
    }

    /// The message, as the terminal prints it.
    public var description: String { message }
}
