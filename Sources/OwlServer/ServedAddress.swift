import Synchronization

/// The URL the dev server answers at, which every build is given as its base: the
/// configured address until the server is bound, then the bound one (they differ when
/// port 0 asked for any free port).
final class ServedAddress: Sendable {
    private let host: String
    private let port: Mutex<Int>

    /// The address `host:port` as configured.
    init(host: String, port: Int) {
        self.host = host
        self.port = Mutex(port)
    }

    /// The URL, `http://host:port/`.
    var current: String { DevServer.url(host: host, port: port.withLock { $0 }) }

    /// Records the port the server was bound to; true when that changed the URL.
    func bound(to port: Int) -> Bool {
        self.port.withLock { current in
            defer { current = port }
            return current != port
        }
    }
}
