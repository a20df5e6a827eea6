import Testing

@testable import OwlServer

@Suite struct LiveEventsTests {
    @Test func eventsUseServerSentEventSyntax() {
        #expect(LiveEvent.build("8e7d6c5b4a392817").serverSentEvent == "event: build\ndata: {\"build\":\"8e7d6c5b4a392817\"}\n\n")
        let failure = BuildFailure(message: "content/a.md:3: bad\n\"quote\"", file: "content/a.md", line: 3)
        #expect(LiveEvent.error(failure).serverSentEvent
            == "event: error\ndata: {\"file\":\"content/a.md\",\"line\":3,\"message\":\"content/a.md:3: bad\\n\\\"quote\\\"\"}\n\n")
        #expect(LiveEvent.error(BuildFailure(message: "disk full")).serverSentEvent == "event: error\ndata: {\"message\":\"disk full\"}\n\n")
    }

    @Test func subscribersGetTheCurrentStateThenChanges() async {
        let events = LiveEvents()
        events.built("a")
        events.failed(BuildFailure(message: "broken"))
        var iterator = events.subscribe().makeAsyncIterator()
        #expect(await iterator.next() == .build("a"))
        #expect(await iterator.next() == .error(BuildFailure(message: "broken")))
        events.built("a")
        #expect(await iterator.next() == .build("a"))
        events.built("a")
        events.built("b")
        #expect(await iterator.next() == .build("b"))
        events.finish()
        #expect(await iterator.next() == nil)

        var late = events.subscribe().makeAsyncIterator()
        #expect(await late.next() == nil)
    }

    @Test func otherErrorsBecomeFailuresNamingThem() {
        struct DiskFull: Error, CustomStringConvertible {
            var description: String { "public/: disk full" }
        }
        #expect(BuildFailure(wrapping: DiskFull()) == BuildFailure(message: "public/: disk full"))
        let failure = BuildFailure(message: "m", file: "f", line: 1)
        #expect(BuildFailure(wrapping: failure) == failure)
    }
}
