import Foundation
import Testing
@testable import OwlSite

/// A hand-over gives the waiting thread the first value or error put into it from another thread.
@Suite struct HandOverTests {
    struct Failure: Error, Equatable {}

    @Test func theWaitingThreadGetsTheFirstValueFromAnother() throws {
        let handOver = HandOver<Int>()
        let thread = Thread {
            Thread.sleep(forTimeInterval: 0.05)
            handOver.put(1)
            handOver.put(2)
            handOver.fail(Failure())
        }
        thread.start()
        #expect(try handOver.take() == 1)
    }

    @Test func anErrorPutFirstIsThrown() {
        let handOver = HandOver<Int>()
        Thread {
            handOver.fail(Failure())
            handOver.put(1)
        }.start()
        #expect(throws: Failure.self) { try handOver.take() }
    }
}
