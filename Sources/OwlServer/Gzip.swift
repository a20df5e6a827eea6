import CZlib

/// gzip compression of whole bodies, through the system's zlib.
enum Gzip {
    /// `bytes` compressed as a gzip member; nil if zlib fails.
    static func compress(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        var stream = z_stream()
        // windowBits 15 + 16 asks zlib for a gzip header and trailer.
        guard deflateInit2_(&stream, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { deflateEnd(&stream) }

        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        let status = output.withUnsafeMutableBufferPointer { target in
            // zlib declares its input mutable but only reads it.
            stream.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(bytes.count)
            stream.next_out = target.baseAddress
            stream.avail_out = uInt(target.count)
            return deflate(&stream, Z_FINISH)
        }
        guard status == Z_STREAM_END else { return nil }
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }

    /// Whether an `Accept-Encoding` value allows gzip (`gzip` or `*`, not with `q=0`).
    static func isAccepted(by acceptEncoding: String) -> Bool {
        var gzip: Bool?
        var wildcard: Bool?
        for entry in acceptEncoding.split(separator: ",") {
            let parameters = entry.split(separator: ";").map { $0.trimmingWhitespace.lowercased() }
            guard let name = parameters.first else { continue }
            let quality = parameters.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            if name == "gzip" || name == "x-gzip" { gzip = quality > 0 }
            if name == "*" { wildcard = quality > 0 }
        }
        return gzip ?? wildcard ?? false
    }
}
