import Foundation
import OwlSite

/// One message of the `/_owl/events` stream (BRIEF §5, docs/serve.md).
enum LiveEvent: Sendable, Equatable {
    /// A new build is served: `{"pages":[KEY, …]}`, the keys of the pages it added,
    /// changed or removed; `{}` when they are unknown (and on connecting), which every
    /// open page takes as "refresh".
    case build(pages: [String]?)
    /// The last rebuild failed; the last good build stays served. `excerpt`: the lines
    /// around the failure's line, when it names one.
    case error(BuildFailure, excerpt: [SourceExcerpt.Line]?)
    /// A comment line that keeps idle connections open and finds closed ones.
    case keepAlive

    /// The event in server-sent events syntax, blank line included.
    var serverSentEvent: String {
        switch self {
        case .build(let pages):
            Self.frame(name: "build", data: BuildData(pages: pages))
        case .error(let failure, let excerpt):
            Self.frame(name: "error", data: ErrorData(message: failure.message, file: failure.file, line: failure.line, excerpt: excerpt))
        case .keepAlive:
            ": keep-alive\n\n"
        }
    }

    private struct BuildData: Encodable {
        var pages: [String]?
    }

    private struct ErrorData: Encodable {
        var message: String
        var file: String?
        var line: Int?
        var excerpt: [SourceExcerpt.Line]?
    }

    private static func frame(name: String, data: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // JSON never contains a raw newline, so the payload fits one `data:` line.
        let json = (try? encoder.encode(data)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return "event: \(name)\ndata: \(json)\n\n"
    }
}
