import Hummingbird

extension SiteResponder {
    /// `GET /_owl/events`: a server-sent events stream of builds and build errors.
    func eventStream(for request: Request) -> Response {
        let headers: HTTPFields = [
            .contentType: "text/event-stream; charset=utf-8",
            .cacheControl: "no-cache",
            .xContentTypeOptions: "nosniff",
        ]
        guard request.method == .get else { return Response(status: .ok, headers: headers) }
        let stream = events.subscribe()
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
