import Hummingbird

extension HTTPFields {
    /// The headers every answer with the version `status` of a file's body carries,
    /// before the request's own (length, range, encoding) are added.
    init(servingFile contentType: ContentType, status: FileStatus) {
        self = [
            .contentType: contentType.value,
            .eTag: status.entityTag,
            .lastModified: HTTPDate.format(status.modifiedSeconds),
            .cacheControl: "no-cache",
            .xContentTypeOptions: "nosniff",
        ]
        if contentType.isCompressible { self[.vary] = "Accept-Encoding" }
    }
}
