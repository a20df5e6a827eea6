import Foundation
import OwlSite

extension BuildReport {
    /// Prints each warning to standard error as every command reports one (`warning: …`).
    func reportWarnings() {
        for warning in warnings { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
    }
}
