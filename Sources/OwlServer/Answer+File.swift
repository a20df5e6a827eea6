import Hummingbird

extension Answer {
    /// The answer to `request` with one version of a file: 200, 206, 304 or 416,
    /// compressed when the client accepts gzip.
    ///
    /// - Parameters:
    ///   - file: the file in memory; without it the body is streamed from disk (`.file`).
    ///   - headers: the file's headers (see `HTTPFields(servingFile:…)`).
    ///   - responseStatus: `.ok`, or `.notFound` for the theme's 404 page, which takes
    ///     no conditions and no range.
    ///   - gzip: the gzip form of a file's body; asked for only when ``compresses(_:for:)``
    ///     holds for `file` (nil: the body is sent as it is).
    init(
        to request: HTTPRequest,
        file: ServedFile?,
        status: FileStatus,
        headers fileHeaders: HTTPFields,
        responseStatus: HTTPResponse.Status = .ok,
        gzip: (ServedFile) -> ByteBuffer?
    ) {
        let gzipped = file.flatMap { Self.compresses($0, for: request) ? gzip($0) : nil }
        var headers = fileHeaders
        var entityTag = file?.entityTag ?? status.entityTag
        var body = file?.body
        if let gzipped {
            body = gzipped
            entityTag = Self.gzipTag(entityTag)
            headers[.eTag] = entityTag
            headers[.contentEncoding] = "gzip"
        }
        let isPlain = responseStatus == .ok
        if isPlain && Self.isNotModified(request, entityTag: entityTag, modified: status.modifiedSeconds) {
            headers[.contentEncoding] = nil
            self.init(status: .notModified, headers: headers, body: .empty)
            return
        }
        let length = body?.readableBytes ?? status.size

        var span: ClosedRange<Int>? = nil
        if isPlain {
            headers[.acceptRanges] = "bytes"
            if let header = request.headerFields[.range],
                Self.rangeApplies(request, entityTag: entityTag, modified: status.modifiedSeconds)
            {
                switch ByteRange(header: header, length: length) {
                case .satisfiable(let range):
                    span = range
                    headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(length)"
                case .unsatisfiable:
                    headers[.contentRange] = "bytes */\(length)"
                    self = .message(.rangeNotSatisfiable, extraHeaders: headers, method: request.method)
                    return
                case .ignored:
                    break
                }
            }
        }

        let sentLength = span.map(\.count) ?? length
        headers[.contentLength] = String(sentLength)
        let sentStatus: HTTPResponse.Status = span == nil ? responseStatus : .partialContent
        guard request.method != .head, sentLength > 0 else {
            self.init(status: sentStatus, headers: headers, body: .empty)
            return
        }
        guard let body else {
            self.init(status: sentStatus, headers: headers, body: .file(span ?? 0...length - 1))
            return
        }
        let slice = span.flatMap { body.getSlice(at: body.readerIndex + $0.lowerBound, length: $0.count) } ?? body
        self.init(status: sentStatus, headers: headers, body: .bytes(slice))
    }

    /// Whether the answer to `request` with `file` is its gzip form: the client accepts
    /// gzip, asks for no range, and the file is text worth compressing.
    static func compresses(_ file: ServedFile, for request: HTTPRequest) -> Bool {
        request.headerFields[.range] == nil && file.contentType.isCompressible && file.body.readableBytes >= 256
            && request.headerFields[.acceptEncoding].map(Gzip.isAccepted) == true
    }

    /// Whether the client's copy is current (`If-None-Match` first, then `If-Modified-Since`).
    private static func isNotModified(_ request: HTTPRequest, entityTag: String, modified: Int) -> Bool {
        if let candidates = request.headerFields[.ifNoneMatch] {
            let accepted = [entityTag, gzipTag(entityTag), "*"]
            return candidates.split(separator: ",").contains { candidate in
                let tag = candidate.trimmingWhitespace
                return accepted.contains(String(tag.hasPrefix("W/") ? tag.dropFirst(2) : tag))
            }
        }
        guard let since = request.headerFields[.ifModifiedSince].flatMap(HTTPDate.parse) else { return false }
        return modified <= since
    }

    /// Whether a `Range` header is honoured: there is no `If-Range`, or it names this version.
    private static func rangeApplies(_ request: HTTPRequest, entityTag: String, modified: Int) -> Bool {
        guard let condition = request.headerFields[.ifRange] else { return true }
        return condition == entityTag || HTTPDate.parse(condition) == modified
    }

    /// The tag of a file's gzip form: its own tag with `-gz` inside the quotes.
    private static func gzipTag(_ tag: String) -> String {
        String(tag.dropLast()) + "-gz\""
    }
}
