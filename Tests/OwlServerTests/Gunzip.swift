import CZlib

/// Decompresses a gzip member, to check what the server compressed.
func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
    var stream = z_stream()
    guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
        throw TestError("inflateInit2 failed")
    }
    defer { inflateEnd(&stream) }
    var input = bytes
    var output = [UInt8](repeating: 0, count: bytes.count * 64 + 1024)
    let status = input.withUnsafeMutableBufferPointer { source in
        output.withUnsafeMutableBufferPointer { target in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            stream.next_out = target.baseAddress
            stream.avail_out = uInt(target.count)
            return inflate(&stream, Z_FINISH)
        }
    }
    guard status == Z_STREAM_END else { throw TestError("inflate failed: \(status)") }
    return Array(output[..<Int(stream.total_out)])
}
