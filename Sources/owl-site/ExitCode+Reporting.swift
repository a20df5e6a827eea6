import ArgumentParser
import Foundation

extension ExitCode {
    /// Prints `error` to standard error as every command reports one (`error: …`) and
    /// returns the failing status to throw after it.
    static func failure(reporting error: any Error) -> ExitCode {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        return .failure
    }
}
