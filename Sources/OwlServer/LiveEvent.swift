import Foundation

/// One message of the `/_owl/events` stream (docs/formats.md §5).
enum LiveEvent: Sendable, Equatable {
    /// A new build is served.
    case build(String)
    /// The last rebuild failed; the last good build stays served.
    case error(BuildFailure)
    /// A comment line that keeps idle connections open and finds closed ones.
    case keepAlive

    /// The event in server-sent events syntax, blank line included.
    var serverSentEvent: String {
        switch self {
        case .build(let id):
            return Self.frame(name: "build", data: BuildData(build: id))
        case .error(let failure):
            return Self.frame(
                name: "error",
                data: ErrorData(message: failure.message, file: failure.file, line: failure.line)
            )
        case .keepAlive:
            return ": keep-alive\n\n"
        }
    }

    private struct BuildData: Encodable {
        var build: String
    }

    private struct ErrorData: Encodable {
        var message: String
        var file: String?
        var line: Int?
    }

    private static func frame(name: String, data: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // JSON never contains a raw newline, so the payload fits one `data:` line.
        let json = (try? encoder.encode(data)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return "event: \(name)\ndata: \(json)\n\n"
    }
}
