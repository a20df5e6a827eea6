#if canImport(Glibc)
import Glibc
#endif

/// Writing a whole byte array to an open file.
enum FileBytes {
    /// Writes all of `bytes` to `descriptor`, going on after short writes and interruptions;
    /// false on an error.
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { return false }
            written += result
        }
        return true
    }
}
