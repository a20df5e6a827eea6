import Foundation

/// A problem in the site's sources, naming the file and line where there is one.
public struct SiteError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file, relative to the source folder where possible.
    public var file: String?
    /// The 1-based line in `file`.
    public var line: Int?
    /// What is wrong.
    public var message: String
    /// The errors found beside this one in the same build (sorted by file and line, at most
    /// ``shownLimit`` in all), so that one build names every problem of the sources.
    public var others: [SiteError] = []
    /// How many errors the build found, this one included (more than it shows past the limit).
    public var total = 1

    /// An error at `file:line`.
    public init(file: String? = nil, line: Int? = nil, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: message`, leaving out what is unknown; with others, each on a line of
    /// its own after `error: ` (as the command line shows the first), then their count.
    public var description: String {
        guard total > 1 else { return location }
        let shown = ([location] + others.map(\.location)).joined(separator: "\nerror: ")
        let hidden = total - 1 - others.count
        return shown + "\n\(total) errors" + (hidden > 0 ? " (\(hidden) more not shown)" : "")
    }

    /// `file:line: message` of this error alone.
    private var location: String {
        switch (file, line) {
        case let (file?, line?): "\(file):\(line): \(message)"
        case let (file?, nil): "\(file): \(message)"
        default: message
        }
    }
}

extension SiteError {
    /// The most errors one build shows.
    public static let shownLimit = 50

    /// One error standing for all of `errors` (at least one), the first by file and line
    /// first, the others after it, as many as ``shownLimit`` allows.
    static func combining(_ errors: [SiteError]) -> SiteError {
        let sorted = errors.sorted { ($0.file ?? "", $0.line ?? 0, $0.message) < ($1.file ?? "", $1.line ?? 0, $1.message) }
        var first = sorted[0]
        first.others = Array(sorted.dropFirst().prefix(shownLimit - 1))
        first.total = sorted.count
        return first
    }

    /// Why a file system call of Foundation failed, in the system's words ("Not a
    /// directory"), not as Foundation's error domain and code.
    static func reason(of error: any Error) -> String {
        let error = error as NSError
        if let cause = error.userInfo[NSUnderlyingErrorKey] as? any Error {
            let cause = cause as NSError
            if cause.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(cause.code))) }
        }
        return error.localizedDescription
    }
}
