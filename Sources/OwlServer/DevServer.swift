#if canImport(Glibc)
import Glibc
#endif
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// `owl-site serve`: builds the site, serves the output folder, rebuilds when the
/// sources change, and announces every build to open pages (docs/serve.md).
///
/// ```swift
/// let server = DevServer(configuration: .init(output: "public", watching: WatchedSources(root: ".")),
///                        rebuilder: SiteRebuilder { url in BuiltSite(id: try build(baseURL: url)) })
/// try await server.run { event in print(event) }
/// ```
public struct DevServer: Sendable {
    /// What the server reports while it runs.
    public enum Event: Sendable, Equatable {
        /// The server accepts connections on this address.
        case listening(host: String, port: Int)
        /// A build succeeded and is served.
        case built(BuiltSite, Duration)
        /// A build failed; the last good build stays served.
        case failed(BuildFailure)
    }

    /// Where the server listens, what it serves and what it watches.
    public let configuration: Configuration
    /// How the site is built, first and after every burst of changes.
    public let rebuilder: SiteRebuilder

    /// A server with `configuration`, building with `rebuilder`.
    public init(configuration: Configuration, rebuilder: SiteRebuilder) {
        self.configuration = configuration
        self.rebuilder = rebuilder
    }

    /// Listens, builds once, then serves until SIGINT or SIGTERM (or cancellation).
    ///
    /// Throws ``DevServerError`` when the address cannot be listened on (before anything is
    /// built), when the sources cannot be watched, or when the output folder is missing after
    /// the first build.
    public func run(report: @escaping @Sendable (Event) -> Void) async throws {
        let events = LiveEvents()
        let host = configuration.host
        let address = ServedAddress(host: host, port: configuration.port)
        // Watching starts before the first build: a source saved while it runs builds again.
        let watcher = try configuration.watching.map { try SourceWatcher.start(watching: $0, burst: configuration.watchBurst) }
        defer { watcher?.stop() }
        let live = LiveService(
            events: events, rebuilder: rebuilder, address: address, changes: watcher?.bursts, report: report,
            siteFolder: configuration.watching?.root
        )
        let files = SiteFiles(folder: configuration.output)

        var logger = Logger(label: "owl-site.serve")
        logger.logLevel = .warning
        let app = Application(
            responder: SiteResponder(files: files, events: events),
            // The idle timeout is also the header timeout: a connection that has not sent a
            // whole request head that long after it opened (or its last answer) is closed.
            server: .http1(configuration: .init(idleTimeout: .nanoseconds(Int64(configuration.idleTimeout / .nanoseconds(1))))),
            configuration: .init(address: .hostname(host, port: configuration.port), serverName: nil),
            onServerRunning: { channel in
                // The address is bound, and no connection is answered before this returns:
                // an address that cannot be listened on fails before anything is built (into
                // an output another server may be building too), and the first build already
                // names the port bound, which port 0 leaves to the system.
                let port = channel.localAddress?.port ?? configuration.port
                address.bind(to: port)
                await live.rebuild()
                guard files.isServing else {
                    // No output to serve: the server's run ends, and the group fails (below).
                    try? await channel.close()
                    return
                }
                report(.listening(host: host, port: port))
            },
            logger: logger
        )
        // Services stop in reverse order: the live service ends the event streams
        // first, so the HTTP server's graceful shutdown has no endless response to await.
        let group = ServiceGroup(
            configuration: .init(services: [app, live], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        )
        // Cancelling the caller's task stops the server as a signal does, gracefully: cancelled
        // outright, the server would log its open connections as errors. (The group runs in
        // a task of its own, which the caller's cancellation does not reach.)
        let running = Task { try await group.run() }
        do {
            try await withTaskCancellationHandler {
                try await running.value
            } onCancel: {
                Task { await group.triggerGracefulShutdown() }
            }
        } catch let error as IOError {
            // Binding the address is the only system call that fails the server as a whole.
            throw DevServerError.cannotListen(host: host, port: configuration.port, reason: String(cString: strerror(error.errnoCode)))
        } catch let error as SocketAddressError.UnknownHost {
            throw DevServerError.cannotListen(host: host, port: configuration.port, reason: error.errorDescription)
        } catch let error as ServiceGroupError {
            // The server ended on its own: the first build left no output folder.
            guard files.isServing else { throw DevServerError.missingOutput(configuration.output) }
            throw error
        }
    }
}

extension DevServer {
    /// The URL of a server listening on `host:port`, `http://host:port/`, with an IPv6
    /// host in brackets.
    public static func url(host: String, port: Int) -> String {
        "http://\(authority(host: host, port: port))/"
    }

    /// `host:port`, with an IPv6 host in brackets.
    static func authority(host: String, port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}

/// Why the dev server cannot start.
public enum DevServerError: Error, Equatable, CustomStringConvertible {
    /// There is no output folder to serve.
    case missingOutput(String)
    /// The address cannot be listened on, for `reason` (the port is taken, the host unknown).
    case cannotListen(host: String, port: Int, reason: String)
    /// inotify refuses to watch the sources, for this reason.
    case cannotWatch(String)

    /// `PATH: no such folder to serve`, `cannot listen on HOST:PORT: REASON`, or
    /// `cannot watch the sources for changes (with inotify): REASON`.
    public var description: String {
        switch self {
        case .missingOutput(let path): "\(path): no such folder to serve"
        case let .cannotListen(host, port, reason): "cannot listen on \(DevServer.authority(host: host, port: port)): \(reason)"
        case .cannotWatch(let reason): "cannot watch the sources for changes (with inotify): \(reason)"
        }
    }
}
