/// The media type a file is served with, chosen by its extension.
struct ContentType: Sendable, Equatable {
    /// The `Content-Type` header value.
    let value: String
    /// Whether gzip makes the body meaningfully smaller.
    let isCompressible: Bool

    /// The type of the file at `path`; `application/octet-stream` when unknown.
    init(path: String) {
        let name = path.split(separator: "/").last ?? ""
        let dot = name.lastIndex(of: ".")
        let fileExtension = dot.map { name[name.index(after: $0)...].lowercased() } ?? ""
        let known = Self.types[fileExtension]
        value = known?.value ?? "application/octet-stream"
        isCompressible = known?.isCompressible ?? false
    }

    /// Whether the body is HTML, which gets the live-mode meta tag.
    var isHTML: Bool { value.hasPrefix("text/html") }

    private init(value: String, isCompressible: Bool) {
        self.value = value
        self.isCompressible = isCompressible
    }

    private static let types: [String: ContentType] = {
        let text = [
            "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
            "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
            "mjs": "text/javascript; charset=utf-8", "json": "application/json",
            "map": "application/json", "xml": "application/xml", "rss": "application/rss+xml",
            "atom": "application/atom+xml", "svg": "image/svg+xml", "txt": "text/plain; charset=utf-8",
            "md": "text/markdown; charset=utf-8", "csv": "text/csv; charset=utf-8",
            "webmanifest": "application/manifest+json", "wasm": "application/wasm",
        ]
        let binary = [
            "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
            "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon", "woff": "font/woff",
            "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf", "pdf": "application/pdf",
            "mp4": "video/mp4", "webm": "video/webm", "mp3": "audio/mpeg", "ogg": "audio/ogg",
            "zip": "application/zip", "gz": "application/gzip",
        ]
        return text.mapValues { ContentType(value: $0, isCompressible: true) }
            .merging(binary.mapValues { ContentType(value: $0, isCompressible: false) }) { first, _ in first }
    }()
}
