#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads with plain system calls.
enum FileReader {
    /// The bytes of the file at `path`; nil when it cannot be opened or read.
    static func contents(of path: String, expectedSize: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(expectedSize)
        var chunk = [UInt8](repeating: 0, count: max(4096, min(expectedSize + 1, 1 << 20)))
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            guard count > 0 else { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }
}
