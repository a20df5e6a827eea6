import Synchronization

/// The state of the served site and the open event streams that follow it.
///
/// New subscribers first receive the current state (the build, then the error if the
/// last rebuild failed); every later change is sent to all of them.
final class LiveEvents: Sendable {
    private struct State {
        var build: String?
        var failure: BuildFailure?
        var subscribers: [Int: AsyncStream<LiveEvent>.Continuation] = [:]
        var nextID = 0
        var finished = false
    }

    private let state = Mutex(State())

    /// A stream of events for one client, starting with the current state.
    func subscribe() -> AsyncStream<LiveEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: LiveEvent.self, bufferingPolicy: .bufferingNewest(16))
        let id: Int? = state.withLock { state in
            guard !state.finished else { return nil }
            if let build = state.build { continuation.yield(.build(build)) }
            if let failure = state.failure { continuation.yield(.error(failure)) }
            defer { state.nextID += 1 }
            state.subscribers[state.nextID] = continuation
            return state.nextID
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Records a successful build; announces it when it is new or clears an error.
    func built(_ id: String) {
        send { state in
            guard state.build != id || state.failure != nil else { return nil }
            state.build = id
            state.failure = nil
            return .build(id)
        }
    }

    /// Records a failed rebuild and announces it; the last good build stays current.
    func failed(_ failure: BuildFailure) {
        send { state in
            state.failure = failure
            return .error(failure)
        }
    }

    /// Sends a keep-alive comment to every open stream.
    func keepAlive() {
        send { _ in .keepAlive }
    }

    /// Ends every stream, and every later one at once (the server is shutting down).
    func finish() {
        let continuations = state.withLock { state in
            state.finished = true
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        continuations.forEach { $0.finish() }
    }

    private func send(_ change: (inout State) -> LiveEvent?) {
        state.withLock { state in
            guard let event = change(&state) else { return }
            for continuation in state.subscribers.values { continuation.yield(event) }
        }
    }
}
