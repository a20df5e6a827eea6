import Hummingbird

/// One version of a file held in memory, ready to send.
///
/// HTML bodies already carry the live-mode meta tag; the gzip form is made on first
/// demand and kept with the file.
struct ServedFile: Sendable {
    /// The version of the file these bytes were read from.
    let status: FileStatus
    let contentType: ContentType
    /// The `ETag` of the uncompressed body.
    let entityTag: String
    /// The headers of a plain answer with this file (see `HTTPFields(servingFile:…)`).
    let headers: HTTPFields
    /// The body as sent without compression.
    let body: ByteBuffer
    /// The body compressed with gzip, once a client asked for it.
    var gzipped: ByteBuffer?

    /// Reads the file at `path` (HTML gets the meta tag); nil when it cannot be read.
    init?(path: String, status: FileStatus, contentType: ContentType) {
        guard let bytes = FileReader.contents(of: path, expectedSize: status.size) else { return nil }
        self.status = status
        self.contentType = contentType
        entityTag = status.entityTag
        headers = HTTPFields(servingFile: contentType, status: status)
        body = ByteBuffer(bytes: contentType.isHTML ? LiveMeta.inject(into: bytes) : bytes)
    }
}
