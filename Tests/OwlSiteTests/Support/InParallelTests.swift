import Foundation
import Synchronization
import Testing
@testable import OwlSite

/// `inParallel` gives both results, or the error of the closure run here before the other's.
@Suite struct InParallelTests {
    struct Here: Error {}
    struct Other: Error {}

    @Test func bothResultsComeBack() throws {
        let (other, here) = try inParallel({ (1...1_000).reduce(0, +) }, { "here" })
        #expect(other == 500_500 && here == "here")
    }

    final class Flag: Sendable {
        let isSet = Atomic(false)
    }

    @Test func anErrorIsThrownOnceBothHaveFinished() {
        let finished = Flag()
        #expect(throws: Here.self) {
            try inParallel({
                Thread.sleep(forTimeInterval: 0.05)
                finished.isSet.store(true, ordering: .relaxed)
            }, { () throws -> Int in throw Here() })
        }
        let otherHadFinished = finished.isSet.load(ordering: .relaxed)
        #expect(otherHadFinished)
    }

    @Test func anErrorHereComesFirstThenTheOthers() {
        #expect(throws: Here.self) { try inParallel({ () throws -> Int in throw Other() }, { () throws -> Int in throw Here() }) }
        #expect(throws: Other.self) { try inParallel({ () throws -> Int in throw Other() }, { 1 }) }
        #expect(throws: Here.self) { try inParallel({ 1 }, { () throws -> Int in throw Here() }) }
    }
}
