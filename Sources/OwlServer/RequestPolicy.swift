import Hummingbird

/// What `serve` accepts before a request reaches the files, and what every answer says.
///
/// - Only `GET` and `HEAD`: anything else is answered 405 with `Allow: GET, HEAD`.
/// - A `Range` that Hummingbird's `FileMiddleware` would misread or refuse is ignored, as
///   HTTP lets a server do: it reads only the first range of a list, a suffix (`bytes=-N`)
///   as the first N+1 bytes, and answers 416 to one it cannot parse. Only a single
///   `bytes=FIRST-` or `bytes=FIRST-LAST` (LAST not before FIRST) reaches it.
/// - A refusal thrown further in is answered with its status.
/// - Every answer is `Cache-Control: no-cache` (a browser asks again each time, and gets
///   304 while the file is unchanged) and `X-Content-Type-Options: nosniff`.
struct RequestPolicy<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            var answer = Response.text(.methodNotAllowed, for: request)
            answer.headers[.allow] = "GET, HEAD"
            return Self.marked(answer)
        }
        var request = request
        if let range = request.headers[.range], !Self.isSingleRange(range) {
            var head = request.head
            head.headerFields[.range] = nil
            request = Request(head: head, body: request.body)
        }
        do {
            return Self.marked(try await next(request, context))
        } catch let error as any HTTPResponseError {
            // What `FileMiddleware` refuses by throwing: `..` (400), a range past the end (416).
            return Self.marked(try error.response(from: request, context: context))
        }
    }

    private static func marked(_ response: Response) -> Response {
        var response = response
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-cache" }
        response.headers[.xContentTypeOptions] = "nosniff"
        return response
    }

    /// Whether `value` is `bytes=` and one range from a first byte: `FIRST-` or `FIRST-LAST`,
    /// decimal numbers that fit an `Int`, LAST not before FIRST.
    static func isSingleRange(_ value: String) -> Bool {
        guard value.hasPrefix("bytes=") else { return false }
        let parts = value.dropFirst(6).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }), let first = Int(parts[0])
        else { return false }
        return parts[1].isEmpty || Int(parts[1]).map { $0 >= first } == true
    }
}

extension Response {
    /// A short plain-text answer naming `status` (no body for `HEAD`).
    static func text(_ status: HTTPResponse.Status, for request: Request) -> Response {
        let text = "\(status.code) \(status.reasonPhrase)\n"
        let headers: HTTPFields = [.contentType: "text/plain; charset=utf-8", .contentLength: String(text.utf8.count)]
        guard request.method != .head else { return Response(status: status, headers: headers) }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
