import Foundation
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
}
