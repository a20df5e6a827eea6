import Hummingbird

/// What `serve` accepts before a request reaches the files, and what every answer says.
///
/// - Only `GET` and `HEAD`: anything else is answered 405 with `Allow: GET, HEAD`.
/// - A `Range` that Hummingbird's `FileMiddleware` would misread is ignored, as HTTP lets
///   a server do: it reads only the first range of a list, and a suffix (`bytes=-N`) as
///   the first N+1 bytes. Only a single `bytes=FIRST-` or `bytes=FIRST-LAST` reaches it.
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
        return Self.marked(try await next(request, context))
    }

    private static func marked(_ response: Response) -> Response {
        var response = response
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-cache" }
        response.headers[.xContentTypeOptions] = "nosniff"
        return response
    }

    /// Whether `value` is `bytes=` and one range with a first byte: digits, `-`, digits or nothing.
    static func isSingleRange(_ value: String) -> Bool {
        guard value.hasPrefix("bytes=") else { return false }
        let parts = value.dropFirst(6).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[0].allSatisfy(\.isASCIIDigit) && parts[1].allSatisfy(\.isASCIIDigit)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
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
