import Hummingbird

/// Answers a request that names nothing with the site's `404.html` and status 404, read
/// through the same `FileMiddleware` as every file (so it carries the live tag), or with
/// a short text when the site has no such page.
struct NotFoundPage<Context: RequestContext>: RouterMiddleware {
    let files: FileMiddleware<Context, SiteFiles>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let response = try await next(request, context)
        guard response.status == .notFound else { return response }
        var head = request.head
        head.path = "/404.html"
        // The page is the answer to another request: the asker's validators and ranges
        // were about the file it asked for.
        head.headerFields = head.headerFields.filter { ![.range, .ifRange, .ifNoneMatch, .ifModifiedSince].contains($0.name) }
        let pageRequest = Request(head: head, body: RequestBody(buffer: ByteBuffer()))
        guard var page = try? await files.handle(pageRequest, context: context, next: { _, _ in response }), page.status == .ok
        else { return Response.text(.notFound, for: request) }
        page.status = .notFound
        return page
    }
}
