import Synchronization

/// The URL the dev server answers at, which every build is given as its base: known once
/// the server is bound (port 0 asks the system for any free port), before the first build.
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

    /// Records the port the server was bound to.
    func bind(to port: Int) {
        self.port.withLock { $0 = port }
    }
}
