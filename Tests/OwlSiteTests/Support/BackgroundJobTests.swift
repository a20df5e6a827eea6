import Foundation
import Testing
@testable import OwlSite

/// A background job gives its value or error to the taker, and has let go of what its work
/// captured by the time either is taken.
@Suite struct BackgroundJobTests {
    struct Failure: Error {}

    /// What a job's work captures, to see whether the job still holds it.
    final class Captured: Sendable {}

    @Test func theValueIsTakenOnceTheWorkEnds() throws {
        let job = BackgroundJob { () -> Int in
            Thread.sleep(forTimeInterval: 0.05)
            return 7
        }
        #expect(try job.take() == 7)
    }

    @Test func theWorksErrorIsThrown() {
        let job = BackgroundJob { () throws -> Int in throw Failure() }
        #expect(throws: Failure.self) { try job.take() }
    }

    /// The build changes its items in place after taking the job's value; were the job still
    /// holding them, every item would be copied instead.
    @Test(arguments: [false, true])
    func whatTheWorkCapturedIsLetGoOfWhenTheValueIsTaken(throwing: Bool) throws {
        for _ in 0..<200 {
            var captured: Captured? = Captured()
            weak let watched = captured
            let job = BackgroundJob { [captured] () throws -> Bool in
                if throwing { throw Failure() }
                return captured != nil
            }
            captured = nil
            if throwing {
                #expect(throws: Failure.self) { try job.take() }
            } else {
                #expect(try job.take())
            }
            #expect(watched == nil)
        }
    }
}
