import Hummingbird

/// Answers every request of the dev server: the served folder's files, its 404 page,
/// and the live event stream.
///
/// Hummingbird's `FileMiddleware` serves files as they are on disk; this responder
/// exists because served HTML must carry the live-mode meta tag, and because every
/// path is checked here before any file is opened (see ``RequestTarget`` and
/// ``SiteFolder``). Large files still go through Hummingbird's `FileIO`.
struct SiteResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let folder: SiteFolder
    let files: FileCache
    let resolutions: ResolutionCache
    let events: LiveEvents
    let fileIO = FileIO()

    func respond(to request: Request, context: Context) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            return Self.message(.methodNotAllowed, extraHeaders: [.allow: "GET, HEAD"], for: request)
        }
        let path = request.head.path ?? ""
        guard let target = RequestTarget(path) else {
            return Self.message(.badRequest, for: request)
        }
        if target.segments == Self.eventsSegments && !target.isFolder {
            return eventStream(for: request)
        }
        switch resolutions.resolve(path, as: target, in: folder) {
        case .file(let path, let status):
            return try await respond(with: path, status: status, to: request, context: context)
        case .redirect(let folderTarget):
            return Self.message(.movedPermanently, extraHeaders: [.location: folderTarget.encodedPath], for: request)
        case .missing:
            return try await notFound(request, context: context)
        }
    }

    private static let eventsSegments = LiveMeta.eventsPath.split(separator: "/").map(String.init)

    /// The theme's `404.html` with status 404, or a short text when there is none.
    private func notFound(_ request: Request, context: Context) async throws -> Response {
        guard case .file(let path, let status) = folder.file(named: "404.html") else {
            return Self.message(.notFound, for: request)
        }
        return try await respond(with: path, status: status, to: request, context: context, responseStatus: .notFound)
    }

    /// A short plain-text answer naming the status.
    static func message(_ status: HTTPResponse.Status, extraHeaders: HTTPFields = [:], for request: Request) -> Response {
        Response(Answer.message(status, extraHeaders: extraHeaders, method: request.method))
    }
}
