/// A NUL-terminated copy of a path's UTF-8 bytes, for a system call, in memory kept from one
/// path to the next: a survey of every file of a build reads their paths from its record,
/// and making a `String` of each (to pass it as a C string) cost more than the copy.
struct PathBuffer {
    private var storage: [CChar] = Array(repeating: 0, count: 256)

    /// Calls `body` with `path`'s bytes as a C string.
    mutating func withCString<Result>(_ path: SharedBytes, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        if storage.count <= path.count { storage = Array(repeating: 0, count: path.count + 1) }
        return try storage.withUnsafeMutableBufferPointer { buffer in
            path.withUnsafeBytes { bytes in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: bytes)
            }
            buffer[path.count] = 0
            return try body(UnsafePointer(buffer.baseAddress!))
        }
    }
}
