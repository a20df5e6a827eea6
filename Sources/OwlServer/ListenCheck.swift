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
        func refused(_ reason: String) -> DevServerError { .cannotListen(host: host, port: port, reason: reason) }
        var found: UnsafeMutablePointer<addrinfo>?
        // As SwiftNIO resolves the host: no hints, the first address.
        let resolved = getaddrinfo(host, String(port), nil, &found)
        guard resolved == 0 else { throw refused(String(cString: gai_strerror(resolved))) }
        defer { freeaddrinfo(found) }
        guard let first = found?.pointee else { throw refused("the host has no address") }
        let descriptor = socket(first.ai_family, streamSocket, 0)
        guard descriptor >= 0 else { throw refused(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        guard bind(descriptor, first.ai_addr, first.ai_addrlen) == 0 else { throw refused(String(cString: strerror(errno))) }
    }

    #if canImport(Glibc)
    private static let streamSocket = Int32(SOCK_STREAM.rawValue)
    #else
    private static let streamSocket = SOCK_STREAM
    #endif
}
