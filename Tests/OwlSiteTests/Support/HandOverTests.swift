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

    /// Awaited rather than waited for: the first value or error reaches the caller, once.
    /// (Handed over on the test's own thread, so that what comes after the first is counted
    /// before the test looks.)
    @Test func aCallbackGetsTheFirstValueOnce() throws {
        let results = Mutex<[Result<Int, any Error>]>([])
        let handOver = HandOver<Int> { result in results.withLock { $0.append(result) } }
        handOver.put(1)
        handOver.put(2)
        handOver.fail(Failure())
        let handed = results.withLock { $0 }
        #expect(handed.count == 1)
        #expect(try handed.first?.get() == 1)
        #expect(try handOver.take() == 1)

        let failed = Mutex<[Result<Int, any Error>]>([])
        let failing = HandOver<Int> { result in failed.withLock { $0.append(result) } }
        failing.fail(Failure())
        failing.put(3)
        #expect(failed.withLock { $0.count } == 1)
        #expect(throws: Failure.self) { try failed.withLock { $0 }.first?.get() }
    }

    /// Awaited through a continuation, as ``SiteBuilder`` awaits its build.
    @Test func anAwaitingCallerGetsTheValue() async throws {
        let value = try await withCheckedThrowingContinuation { continuation in
            let handOver = HandOver<Int> { continuation.resume(with: $0) }
            Thread { handOver.put(1) }.start()
        }
        #expect(value == 1)
    }
}
