import Hummingbird

/// Answers a request that names nothing with the site's `404.html` and status 404, read
/// through the same `FileMiddleware` as every file (so it carries the live tag), or with
/// a short text when the site has no such page.
struct NotFoundPage<Context: RequestContext>: RouterMiddleware {
    let files: FileMiddleware<Context, SiteFiles>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any HTTPResponseError where error.status == .notFound {
            var head = request.head
            head.path = "/404.html"
            // The page is the answer to another request: the asker's validators and ranges
            // were about the file it asked for.
            head.headerFields = head.headerFields.filter { ![.range, .ifRange, .ifNoneMatch, .ifModifiedSince].contains($0.name) }
            let page = Request(head: head, body: RequestBody(buffer: ByteBuffer()))
            guard var response = try? await files.handle(page, context: context, next: { _, _ in throw error }),
                response.status == .ok
            else { return Response.text(.notFound, for: request) }
            response.status = .notFound
            return response
        }
    }
}
