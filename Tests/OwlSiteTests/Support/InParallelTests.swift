import Foundation
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

    @Test func anErrorHereComesFirstThenTheOthers() {
        #expect(throws: Here.self) { try inParallel({ () throws -> Int in throw Other() }, { () throws -> Int in throw Here() }) }
        #expect(throws: Other.self) { try inParallel({ () throws -> Int in throw Other() }, { 1 }) }
        #expect(throws: Here.self) { try inParallel({ 1 }, { () throws -> Int in throw Here() }) }
    }
}
