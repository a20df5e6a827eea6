#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP connection to the server under test: requests are sent byte for byte,
/// so no client library normalises a path before the server sees it.
///
/// Reads never block a thread: the socket is polled and the task sleeps in between.
final class RawConnection {
    private let descriptor: Int32
    /// Everything received so far.
    private(set) var received: [UInt8] = []
    /// Whether the server closed the connection.
    private(set) var isClosed = false

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestError("socket failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw TestError("connect to port \(port) failed")
        }
    }

    deinit { close(descriptor) }

    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw TestError("send failed") }
            offset += written
        }
    }

    /// Closes the sending side: the server reads the end of the requests, answers them and closes.
    func finishSending() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Reads until `done` holds for what was received, the server closes, or time runs out.
    @discardableResult
    func read(until done: ([UInt8]) -> Bool = { _ in false }, timeout: Duration = .seconds(10)) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !done(received) {
            guard !isClosed, ContinuousClock.now < deadline else { return done(received) }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, 0) > 0 else {
                try await Task.sleep(for: .milliseconds(2))
                continue
            }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { isClosed = true } else { received += chunk[..<count] }
        }
        return true
    }

    /// The received bytes as text.
    var text: String { String(decoding: received, as: UTF8.self) }
}

struct TestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
