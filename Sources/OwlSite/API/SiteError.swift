import Foundation

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

extension SiteError {
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
