import NIOCore

/// One version of a file held in memory, ready to send.
///
/// HTML bodies already carry the live-mode meta tag; the gzip form is made on first
/// demand and kept with the file.
struct ServedFile: Sendable {
    /// The version of the file these bytes were read from.
    let status: FileStatus
    let contentType: ContentType
    /// The body as sent without compression.
    let body: ByteBuffer
    /// The body compressed with gzip, once a client asked for it.
    var gzipped: ByteBuffer?

    /// Reads the file at `path` (HTML gets the meta tag); nil when it cannot be read.
    init?(path: String, status: FileStatus) {
        guard let bytes = FileReader.contents(of: path, expectedSize: status.size) else { return nil }
        self.status = status
        contentType = ContentType(path: path)
        body = ByteBuffer(bytes: contentType.isHTML ? LiveMeta.inject(into: bytes) : bytes)
    }
}
