import Dispatch

/// Builds the site on demand: the dev server's only view of the generator.
///
/// The closure builds the whole site into the served folder and returns the new build
/// id, or throws. A thrown ``BuildFailure`` keeps its file and line; any other error
/// becomes a failure with its description as the message.
public struct SiteRebuilder: Sendable {
    private let build: @Sendable () throws -> String

    /// A rebuilder running `build`, which returns the id of the build it wrote.
    public init(_ build: @escaping @Sendable () throws -> String) {
        self.build = build
    }

    /// Runs one build off the cooperative thread pool and returns its id or its failure.
    func rebuild() async -> Result<String, BuildFailure> {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Result { try build() }.mapError(BuildFailure.init(wrapping:)))
            }
        }
    }
}

extension BuildFailure {
    /// `error` itself when it is a failure already, otherwise a failure naming it.
    init(wrapping error: any Error) {
        self = error as? BuildFailure ?? BuildFailure(message: String(describing: error))
    }
}
