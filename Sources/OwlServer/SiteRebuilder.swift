import Dispatch

/// Builds the site on demand: the dev server's only view of the generator.
///
/// The closure builds the whole site into the served folder for the server's URL
/// (`http://host:port/`, the base URL to build with) and returns the new build, or
/// throws. A thrown ``BuildFailure`` keeps its file and line; any other error becomes a
/// failure with its description as the message. Builds run one at a time.
public struct SiteRebuilder: Sendable {
    private let build: @Sendable (_ serverURL: String) throws -> BuiltSite
    private let queue = DispatchQueue(label: "owl-site.serve.build")

    /// A rebuilder running `build` with the server's URL; it returns the build it wrote.
    public init(_ build: @escaping @Sendable (_ serverURL: String) throws -> BuiltSite) {
        self.build = build
    }

    /// Runs one build for `serverURL`, off the cooperative thread pool and after any
    /// build still running, and returns it or its failure.
    func rebuild(servedAt serverURL: String) async -> Result<BuiltSite, BuildFailure> {
        await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: Result { try build(serverURL) }.mapError(BuildFailure.init(wrapping:)))
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
