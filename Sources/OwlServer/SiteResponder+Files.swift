import Hummingbird

extension SiteResponder {
    /// A file's answer: 200, 206, 304 or 416, compressed when the client accepts gzip.
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
        let file: ServedFile?
        if let cached = files.cachedFile(at: path, status: status) {
            file = cached
        } else {
            let contentType = ContentType(path: path)
            guard status.size <= FileCache.largestCachedFile || contentType.isHTML else {
                let headers = HTTPFields(
                    servingFile: contentType,
                    entityTag: status.entityTag,
                    lastModified: HTTPDate.format(status.modifiedSeconds)
                )
                return try await answer(
                    request, context: context, path: path, status: status, file: nil, headers: headers,
                    responseStatus: responseStatus
                )
            }
            file = files.read(at: path, status: status, contentType: contentType)
        }
        guard let file else { return Self.message(.notFound, for: request) }
        return try await answer(
            request, context: context, path: path, status: status, file: file, headers: file.headers,
            responseStatus: responseStatus
        )
    }

    /// Applies the request's conditions, range and accepted encodings to a file's answer.
    private func answer(
        _ request: Request,
        context: Context,
        path: String,
        status: FileStatus,
        file: ServedFile?,
        headers baseHeaders: HTTPFields,
        responseStatus: HTTPResponse.Status
    ) async throws -> Response {
        var headers = baseHeaders
        var entityTag = file?.entityTag ?? status.entityTag
        var body = file?.body
        if let file, request.headers[.range] == nil, file.contentType.isCompressible, file.body.readableBytes >= 256,
            request.headers[.acceptEncoding].map(Gzip.isAccepted) == true,
            let gzipped = files.gzipped(file, at: path)
        {
            body = gzipped
            entityTag = Self.gzipTag(entityTag)
            headers[.eTag] = entityTag
            headers[.contentEncoding] = "gzip"
        }
        let isPlain = responseStatus == .ok
        if isPlain && isNotModified(request, entityTag: entityTag, modified: status.modifiedSeconds) {
            headers[.contentEncoding] = nil
            return Response(status: .notModified, headers: headers)
        }
        let length = body?.readableBytes ?? status.size

        var span: ClosedRange<Int>? = nil
        if isPlain {
            headers[.acceptRanges] = "bytes"
            if let header = request.headers[.range], rangeApplies(request, entityTag: entityTag, modified: status.modifiedSeconds) {
                switch ByteRange(header: header, length: length) {
                case .satisfiable(let range):
                    span = range
                    headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(length)"
                case .unsatisfiable:
                    headers[.contentRange] = "bytes */\(length)"
                    return Self.message(.rangeNotSatisfiable, extraHeaders: headers, for: request)
                case .ignored:
                    break
                }
            }
        }

        let sentLength = span.map(\.count) ?? length
        headers[.contentLength] = String(sentLength)
        let status: HTTPResponse.Status = span == nil ? responseStatus : .partialContent
        guard request.method != .head, sentLength > 0 else { return Response(status: status, headers: headers) }

        if let body {
            let slice = span.flatMap { body.getSlice(at: body.readerIndex + $0.lowerBound, length: $0.count) } ?? body
            return Response(status: status, headers: headers, body: .init(byteBuffer: slice))
        }
        let streamed = try await fileIO.loadFile(path: path, range: span ?? 0...length - 1, context: context)
        return Response(status: status, headers: headers, body: streamed)
    }

    /// Whether the client's copy is current (`If-None-Match` first, then `If-Modified-Since`).
    private func isNotModified(_ request: Request, entityTag: String, modified: Int) -> Bool {
        if let candidates = request.headers[.ifNoneMatch] {
            let accepted = [entityTag, Self.gzipTag(entityTag), "*"]
            return candidates.split(separator: ",").contains { candidate in
                let tag = candidate.trimmingWhitespace
                return accepted.contains(String(tag.hasPrefix("W/") ? tag.dropFirst(2) : tag))
            }
        }
        guard let since = request.headers[.ifModifiedSince].flatMap(HTTPDate.parse) else { return false }
        return modified <= since
    }

    /// Whether a `Range` header is honoured: there is no `If-Range`, or it names this version.
    private func rangeApplies(_ request: Request, entityTag: String, modified: Int) -> Bool {
        guard let condition = request.headers[.ifRange] else { return true }
        return condition == entityTag || HTTPDate.parse(condition) == modified
    }

    /// The tag of a file's gzip form: its own tag with `-gz` inside the quotes.
    private static func gzipTag(_ tag: String) -> String {
        String(tag.dropLast()) + "-gz\""
    }
}
