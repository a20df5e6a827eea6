import Hummingbird

extension SiteResponder {
    /// A file's answer (see ``Answer/init(to:file:status:headers:responseStatus:gzip:)``).
    ///
    /// Files up to ``FileCache/largestCachedFile`` and all HTML are answered from memory;
    /// larger files are streamed from disk by Hummingbird's `FileIO`.
    func respond(
        with path: String,
        status: FileStatus,
        to request: Request,
        context: Context,
        responseStatus: HTTPResponse.Status = .ok
    ) async throws -> Response {
        var file = files.cachedFile(at: path, status: status)
        let contentType = file?.contentType ?? ContentType(path: path)
        if file == nil, status.size <= FileCache.largestCachedFile || contentType.isHTML {
            guard let read = files.read(at: path, status: status, contentType: contentType) else {
                return Self.message(.notFound, for: request)
            }
            file = read
        }
        let answer = Answer(
            to: request.head, file: file, status: status,
            headers: file?.headers ?? HTTPFields(servingFile: contentType, status: status), responseStatus: responseStatus,
            gzip: { files.gzipped($0, at: path) }
        )
        guard case .file(let span) = answer.body else { return Response(answer) }
        return Response(answer, streamed: try await fileIO.loadFile(path: path, range: span, context: context))
    }
}
