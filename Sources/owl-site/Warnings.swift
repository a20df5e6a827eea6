import Foundation

/// Prints each of `warnings` to standard error as every command reports one (`warning: …`).
func reportWarnings(_ warnings: [some CustomStringConvertible]) {
    for warning in warnings { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
}
