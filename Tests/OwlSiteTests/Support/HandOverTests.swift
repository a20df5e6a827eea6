import Foundation
import Synchronization
import Testing
@testable import OwlSite

/// A hand-over gives the waiting thread the first value or error put into it from another thread.
@Suite struct HandOverTests {
    struct Failure: Error, Equatable {}

    @Test func theWaitingThreadGetsTheValueFromAnother() throws {
        let handOver = HandOver<Int>()
        Thread {
            Thread.sleep(forTimeInterval: 0.05)
            handOver.put(1)
        }.start()
        #expect(try handOver.take() == 1)
    }

    /// Later values and errors are dropped, whichever thread puts them.
    @Test func onlyTheFirstValueOrErrorCounts() throws {
        let value = HandOver<Int>()
        value.put(1)
        value.put(2)
        value.fail(Failure())
        #expect(try value.take() == 1)
        let error = HandOver<Int>()
        error.fail(Failure())
        error.put(1)
        #expect(throws: Failure.self) { try error.take() }
    }

    @Test func anErrorFromAnotherThreadIsThrown() {
        let handOver = HandOver<Int>()
        Thread { handOver.fail(Failure()) }.start()
        #expect(throws: Failure.self) { try handOver.take() }
    }

    /// Awaited rather than waited for: the first value or error reaches the caller once.
    @Test func anAwaitingCallerGetsTheFirstValueOnce() async throws {
        let calls = Mutex(0)
        let value = try await withCheckedThrowingContinuation { continuation in
            let handOver = HandOver<Int> { result in
                calls.withLock { $0 += 1 }
                continuation.resume(with: result)
            }
            Thread {
                handOver.put(1)
                handOver.put(2)
                handOver.fail(Failure())
            }.start()
        }
        #expect(value == 1)
        #expect(calls.withLock { $0 } == 1)
        await #expect(throws: Failure.self) {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int, any Error>) in
                let handOver = HandOver<Int> { continuation.resume(with: $0) }
                Thread { handOver.fail(Failure()) }.start()
            }
        }
    }
}
