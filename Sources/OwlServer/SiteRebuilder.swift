import Foundation

/// Builds the site on demand: the dev server's only view of the generator.
///
/// The closure builds the whole site into the served folder for the server's URL
/// (`http://host:port/`, the base URL to build with) and returns the new build, or
/// throws. A thrown ``BuildFailure`` keeps its file and line; any other error becomes a
/// failure with its description as the message. Builds run one at a time.
public struct SiteRebuilder: Sendable {
    private let build: @Sendable (_ serverURL: String) throws -> BuiltSite
    /// Held by the build that runs, so that builds take turns.
    private let turn = NSLock()

    /// A rebuilder running `build` with the server's URL; it returns the build it wrote.
    public init(_ build: @escaping @Sendable (_ serverURL: String) throws -> BuiltSite) {
        self.build = build
    }

    /// Runs one build for `serverURL`, after any build still running, and returns it or its
    /// failure. The build waits on a thread of its own, not on one of the system's queues:
    /// those have a thread for each core, and the build spreads its own work over them (a
    /// queue's thread waiting for a whole build left that work a thread short).
    func rebuild(servedAt serverURL: String) async -> Result<BuiltSite, BuildFailure> {
        await withCheckedContinuation { continuation in
            Thread { [build, turn] in
                turn.withLock {
                    continuation.resume(returning: Result { try build(serverURL) }.mapError(BuildFailure.init(wrapping:)))
                }
            }.start()
        }
    }
}

extension BuildFailure {
    /// `error` itself when it is a failure already, otherwise a failure naming it.
    init(wrapping error: any Error) {
        self = error as? BuildFailure ?? BuildFailure(message: String(describing: error))
    }
}
