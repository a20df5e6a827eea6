import Dispatch

/// Work started on another core, whose value (or error) is taken when it is needed.
///
/// Taking it waits for the work to end and for its closure to be let go of, with what the
/// closure captured: a build that lends its items to a job and then changes them changes
/// them in place, not a copy of all of them made because the job still held them.
final class BackgroundJob<Value: Sendable>: Sendable {
    private let outcome = HandOver<Value>()
    private let running = DispatchGroup()

    /// Starts `work` on a queue of the system's.
    init(_ work: @escaping @Sendable () throws -> Value) {
        DispatchQueue.global().async(group: running) { [outcome] in
            do {
                outcome.put(try work())
            } catch {
                outcome.fail(error)
            }
        }
    }

    /// Waits for the work to end, and for its closure to be let go of.
    func wait() {
        running.wait()
    }

    /// The work's value, once it has ended; or its error. For one taker, as ``HandOver``.
    func take() throws -> Value {
        wait()
        return try outcome.take()
    }
}
