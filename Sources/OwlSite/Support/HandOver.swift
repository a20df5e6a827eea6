import Dispatch
import Synchronization

/// One value, or an error, handed from a thread that makes it to a thread that waits for it.
final class HandOver<Value: Sendable>: Sendable {
    private let outcome = Mutex<Result<Value, any Error>?>(nil)
    private let ready = DispatchSemaphore(value: 0)
    /// Called with the first value or error as it is handed over, when given.
    private let handed: (@Sendable (Result<Value, any Error>) -> Void)?

    /// A hand-over that a thread waits for with ``take()``.
    init() {
        handed = nil
    }

    /// A hand-over that calls `handed` with the value or error, on the thread that hands it
    /// over: for a caller that awaits it rather than holding a thread in ``take()``.
    init(_ handed: @escaping @Sendable (Result<Value, any Error>) -> Void) {
        self.handed = handed
    }

    /// Hands `value` over; only the first value or error counts.
    func put(_ value: Value) { hand(.success(value)) }

    /// Hands `error` over instead of a value; only the first value or error counts.
    func fail(_ error: any Error) { hand(.failure(error)) }

    /// Waits for the value, or throws the error. For one taker: a second `take` waits forever.
    func take() throws -> Value {
        ready.wait()
        return try outcome.withLock { $0! }.get()
    }

    private func hand(_ result: Result<Value, any Error>) {
        let isFirst = outcome.withLock { outcome in
            guard outcome == nil else { return false }
            outcome = result
            return true
        }
        guard isFirst else { return }
        ready.signal()
        handed?(result)
    }
}
