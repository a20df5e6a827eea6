import Hummingbird

extension DevServer {
    /// What answers requests: the event stream at ``LiveMeta/eventsPath``, every other
    /// path a file of `files` through Hummingbird's `FileMiddleware`, behind
    /// ``RequestPolicy`` and ``NotFoundPage``.
    static func router(files: SiteFiles, events: LiveEvents) -> Router<BasicRequestContext> {
        let fileMiddleware = FileMiddleware<BasicRequestContext, SiteFiles>(fileProvider: files, searchForIndexHtml: true)
            .withAdditionalMediaTypes(forFileExtensions: textTypes)
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: RequestPolicy())
        router.add(middleware: NotFoundPage(files: fileMiddleware))
        router.add(middleware: fileMiddleware)
        router.get(RouterPath(LiveMeta.eventsPath)) { request, _ in events.response(to: request) }
        router.head(RouterPath(LiveMeta.eventsPath)) { request, _ in events.response(to: request) }
        return router
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
