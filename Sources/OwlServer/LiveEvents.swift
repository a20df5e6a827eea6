import OwlSite
import Synchronization

/// The state of the served site and the open event streams that follow it.
///
/// A new subscriber first receives `build` without pages (it may have missed builds:
/// its page checks its own version), once a build has been served, then the error if
/// the last rebuild failed; every later change is sent to all of them.
final class LiveEvents: Sendable {
    private struct State {
        var hasBuild = false
        var failure: LiveEvent?
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
            if state.hasBuild { continuation.yield(.build(pages: nil)) }
            if let failure = state.failure { continuation.yield(failure) }
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

    /// Records a successful build, which clears an error, and announces it with the keys
    /// of the pages it changed (nil: unknown).
    func built(changedPages: [String]?) {
        send { state in
            state.hasBuild = true
            state.failure = nil
            return .build(pages: changedPages)
        }
    }

    /// Records a failed rebuild and announces it; the last good build stays current.
    func failed(_ failure: BuildFailure, excerpt: [SourceExcerpt.Line]? = nil) {
        send { state in
            state.failure = .error(failure, excerpt: excerpt)
            return state.failure
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
