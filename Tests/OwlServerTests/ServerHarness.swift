import Synchronization

@testable import OwlServer

/// Runs a dev server for `site` on a free loopback port around `body`, then stops it.
func withServer(
    _ site: TestSite,
    watching: Bool = false,
    burst: SourceWatcher.Burst = .init(),
    idleTimeout: Duration = .seconds(5),
    rebuilder: SiteRebuilder? = nil,
    _ body: (_ port: Int, _ log: EventLog) async throws -> Void
) async throws {
    var configuration = DevServer.Configuration(
        output: site.output,
        port: 0,
        watching: watching ? WatchedSources(root: site.source) : nil
    )
    configuration.watchBurst = burst
    configuration.idleTimeout = idleTimeout
    let server = DevServer(configuration: configuration, rebuilder: rebuilder ?? SiteRebuilder { _ in try site.builtSite() })
    let log = EventLog()
    let task = Task { try await server.run { log.append($0) } }
    defer { task.cancel() }
    // The first build runs before the server answers: generous on a busy machine.
    guard case .listening(_, let port)? = await log.next(where: { if case .listening = $0 { true } else { false } }, timeout: .seconds(60)) else {
        task.cancel()
        throw TestError("the server did not start: \(String(describing: await task.result))")
    }
    try await body(port, log)
    // Cancelled, the server shuts down gracefully: `run` returns instead of throwing.
    task.cancel()
    if case .failure(let error) = await task.result {
        throw TestError("the server did not stop gracefully: \(error)")
    }
}

/// The events a running server reported, consumed in order by the test.
final class EventLog: Sendable {
    private struct State {
        var events: [DevServer.Event] = []
        var consumed = 0
    }

    private let state = Mutex(State())

    func append(_ event: DevServer.Event) {
        state.withLock { $0.events.append(event) }
    }

    /// Every event reported so far.
    var all: [DevServer.Event] { state.withLock { $0.events } }

    /// The next unconsumed event matching `predicate` (earlier ones are consumed too);
    /// nil when none arrives in time.
    func next(where predicate: (DevServer.Event) -> Bool, timeout: Duration = .seconds(10)) async -> DevServer.Event? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let found: DevServer.Event? = state.withLock { state in
                while state.consumed < state.events.count {
                    let event = state.events[state.consumed]
                    state.consumed += 1
                    if predicate(event) { return event }
                }
                return nil
            }
            if let found { return found }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return nil
    }
}
