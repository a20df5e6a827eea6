#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether an address can be listened on, asked before the first build: a port another
/// server holds, or a host that is not this machine's, is reported at once, before a build
/// writes into an output folder that the other server may be building too.
///
/// The server's own bind stays the judge (the port may be taken between the two); this only
/// makes the usual mistakes cheap. Resolving and binding are done as the server does them:
/// the first address the host resolves to, with `SO_REUSEADDR`.
enum ListenCheck {
    /// Throws ``DevServerError/cannotListen(host:port:reason:)`` with the system's reason when
    /// `host` does not resolve or `host:port` cannot be bound.
    static func check(host: String, port: Int) throws(DevServerError) {
        var hints = addrinfo()
        hints.ai_socktype = streamSocket
        var found: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, nil, &hints, &found)
        guard resolved == 0, let first = found else {
            throw .cannotListen(host: host, port: port, reason: String(cString: gai_strerror(resolved)))
        }
        defer { freeaddrinfo(found) }
        let family = first.pointee.ai_family
        var address = sockaddr_storage()
        withUnsafeMutableBytes(of: &address) { storage in
            storage.copyMemory(from: UnsafeRawBufferPointer(start: first.pointee.ai_addr, count: Int(first.pointee.ai_addrlen)))
        }
        let networkPort = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
        withUnsafeMutablePointer(to: &address) { storage in
            storage.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { if family == AF_INET { $0.pointee.sin_port = networkPort } }
            storage.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { if family == AF_INET6 { $0.pointee.sin6_port = networkPort } }
        }
        let descriptor = socket(family, streamSocket, 0)
        guard descriptor >= 0 else { throw .cannotListen(host: host, port: port, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, first.pointee.ai_addrlen) }
        }
        guard bound == 0 else { throw .cannotListen(host: host, port: port, reason: String(cString: strerror(errno))) }
    }

    #if canImport(Glibc)
    private static let streamSocket = Int32(SOCK_STREAM.rawValue)
    #else
    private static let streamSocket = SOCK_STREAM
    #endif
}
