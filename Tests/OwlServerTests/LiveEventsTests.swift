import Foundation
import Testing

import OwlSite
@testable import OwlServer

@Suite struct LiveEventsTests {
    @Test func eventsUseServerSentEventSyntax() {
        #expect(LiveEvent.build(pages: ["8e7d6c5b4a392817", "0000000000000001"]).serverSentEvent
            == "event: build\ndata: {\"pages\":[\"8e7d6c5b4a392817\",\"0000000000000001\"]}\n\n")
        #expect(LiveEvent.build(pages: []).serverSentEvent == "event: build\ndata: {\"pages\":[]}\n\n")
        #expect(LiveEvent.build(pages: nil).serverSentEvent == "event: build\ndata: {}\n\n")
        let failure = BuildFailure(message: "content/a.md:3: bad\n\"quote\"", file: "content/a.md", line: 3)
        #expect(LiveEvent.error(failure, excerpt: nil).serverSentEvent
            == "event: error\ndata: {\"file\":\"content/a.md\",\"line\":3,\"message\":\"content/a.md:3: bad\\n\\\"quote\\\"\"}\n\n")
        #expect(LiveEvent.error(failure, excerpt: [.init(line: 3, text: "a </script>")]).serverSentEvent
            == "event: error\ndata: {\"excerpt\":[{\"line\":3,\"text\":\"a </script>\"}],\"file\":\"content/a.md\",\"line\":3,\"message\":\"content/a.md:3: bad\\n\\\"quote\\\"\"}\n\n")
        #expect(LiveEvent.error(BuildFailure(message: "disk full"), excerpt: nil).serverSentEvent == "event: error\ndata: {\"message\":\"disk full\"}\n\n")
    }

    /// A subscriber first learns that there is a build (without pages: it may have missed
    /// some) and the standing error; then every change.
    @Test func subscribersGetTheCurrentStateThenChanges() async {
        let events = LiveEvents()
        var early = events.subscribe().makeAsyncIterator()
        events.built(changedPages: ["a"])
        #expect(await early.next() == .build(pages: ["a"]))
        events.failed(BuildFailure(message: "broken"))
        var iterator = events.subscribe().makeAsyncIterator()
        #expect(await iterator.next() == .build(pages: nil))
        #expect(await iterator.next() == .error(BuildFailure(message: "broken"), excerpt: nil))
        events.built(changedPages: [])
        #expect(await iterator.next() == .build(pages: []))
        events.built(changedPages: nil)
        #expect(await iterator.next() == .build(pages: nil))
        events.finish()
        #expect(await iterator.next() == nil)

        var late = events.subscribe().makeAsyncIterator()
        #expect(await late.next() == nil)
    }

    @Test func aFailedFirstBuildIsAnnouncedWithoutABuild() async {
        let events = LiveEvents()
        events.failed(BuildFailure(message: "broken"))
        var iterator = events.subscribe().makeAsyncIterator()
        #expect(await iterator.next() == .error(BuildFailure(message: "broken"), excerpt: nil))
        events.finish()
        #expect(await iterator.next() == nil)
    }

    @Test func otherErrorsBecomeFailuresNamingThem() {
        struct DiskFull: Error, CustomStringConvertible {
            var description: String { "public/: disk full" }
        }
        #expect(BuildFailure(wrapping: DiskFull()) == BuildFailure(message: "public/: disk full"))
        let failure = BuildFailure(message: "m", file: "f", line: 1)
        #expect(BuildFailure(wrapping: failure) == failure)
    }

    @Test func anExcerptShowsTheLinesAroundTheErrorBounded() throws {
        let site = try TestSite()
        let long = String(repeating: "é", count: 1000)
        try site.write("site/content/posts/bad.md", "one\ntwo\r\nthree\nfour\n\(long)\nsix\nseven")
        func excerpt(_ file: String, _ line: Int) -> [SourceExcerpt.Line]? {
            SourceExcerpt.lines(around: line, of: file, in: site.source)
        }
        #expect(excerpt("content/posts/bad.md", 4) == [
            .init(line: 2, text: "two"), .init(line: 3, text: "three"), .init(line: 4, text: "four"),
            .init(line: 5, text: String(long.prefix(SourceExcerpt.longestLine))), .init(line: 6, text: "six"),
        ])
        #expect(excerpt("content/posts/bad.md", 1)?.map(\.line) == [1, 2, 3])
        #expect(excerpt("content/posts/bad.md", 7)?.map(\.line) == [5, 6, 7])
        #expect(excerpt(site.source + "/content/posts/bad.md", 1)?.first?.text == "one")
        #expect(excerpt("content/posts/bad.md", 99) == nil)
        #expect(excerpt("content/posts/bad.md", Int.max) == nil)
        #expect(excerpt("content/posts/bad.md", 0) == nil)
        #expect(excerpt("content/posts/missing.md", 1) == nil)
        // Never from outside the site folder, by its spelling or through a link.
        #expect(excerpt("../secret/secret.txt", 1) == nil)
        #expect(excerpt(site.folder + "/secret/secret.txt", 1) == nil)
        try FileManager.default.createSymbolicLink(atPath: site.source + "/content/leak.md", withDestinationPath: site.folder + "/secret/secret.txt")
        #expect(excerpt("content/leak.md", 1) == nil)
        #expect(excerpt("content", 1) == nil)
    }
}
