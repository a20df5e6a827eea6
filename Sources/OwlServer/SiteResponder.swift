import Hummingbird

/// Answers every request: the event stream at ``LiveMeta/eventsPath``, every other path a
/// file of the served folder through Hummingbird's `FileMiddleware`, behind
/// ``RequestPolicy`` and ``NotFoundPage``.
///
/// No router: one path is not worth a trie, and a path that names no route would be
/// answered by throwing, on every file request (`FileMiddleware` asks what comes after
/// it first); here it is a returned 404, for which `FileMiddleware` then serves the file.
struct SiteResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    private let policy = RequestPolicy<Context>()
    private let notFoundPage: NotFoundPage<Context>
    private let files: FileMiddleware<Context, SiteFiles>
    private let events: LiveEvents

    init(files: SiteFiles, events: LiveEvents) {
        self.files = FileMiddleware(fileProvider: files, searchForIndexHtml: true)
            .withAdditionalMediaTypes(forFileExtensions: Self.textTypes)
            .withServeOnNotFoundResponse()
        notFoundPage = NotFoundPage(files: self.files)
        self.events = events
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        try await policy.handle(request, context: context) { request, context in
            try await notFoundPage.handle(request, context: context) { request, context in
                try await files.handle(request, context: context) { request, _ in
                    request.uri.path == LiveMeta.eventsPath ? events.response(to: request) : Response(status: .notFound)
                }
            }
        }
    }

    /// The text types a build writes, in the UTF-8 it writes them in; `.htm` too, which
    /// Hummingbird does not know.
    private static let textTypes: [String: MediaType] = {
        let utf8 = { (type: MediaType) in type.withParameter(name: "charset", value: "utf-8") }
        return [
            "html": utf8(.textHtml), "htm": utf8(.textHtml), "css": utf8(.textCss), "js": utf8(.textJavascript),
            "mjs": utf8(.textJavascript), "txt": utf8(.textPlain),
        ]
    }()
}

extension LiveEvents {
    /// The server-sent events stream of builds and build errors (headers only for `HEAD`).
    func response(to request: Request) -> Response {
        let headers: HTTPFields = [.contentType: "text/event-stream; charset=utf-8"]
        guard request.method == .get else { return Response(status: .ok, headers: headers) }
        let stream = subscribe()
        return Response(
            status: .ok,
            headers: headers,
            body: ResponseBody { writer in
                for await event in stream {
                    try await writer.write(ByteBuffer(string: event.serverSentEvent))
                }
                try await writer.finish(nil)
            }
        )
    }
}
