import Hummingbird

extension HTTPFields {
    /// The headers every answer with a file's body carries, before the request's own
    /// (length, range, encoding) are added.
    init(servingFile contentType: ContentType, entityTag: String, lastModified: String) {
        self = [
            .contentType: contentType.value,
            .eTag: entityTag,
            .lastModified: lastModified,
            .cacheControl: "no-cache",
            .xContentTypeOptions: "nosniff",
        ]
        if contentType.isCompressible { self[.vary] = "Accept-Encoding" }
    }
}
