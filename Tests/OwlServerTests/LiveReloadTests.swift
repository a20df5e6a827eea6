import Synchronization
import Testing

@testable import OwlServer

/// The event stream with the real watcher: edits become `build` events naming the pages
/// they changed, failures `error` events with the lines around the error, and a fix
/// clears them.
@Suite struct LiveReloadTests {
    @Test func aSavedPostIsAnnouncedAsANewBuild() async throws {
        let site = try TestSite()
        try await withServer(site, watching: true) { port, log in
            let first = try #require(log.all.first(where: Self.isBuild))
            let stream = try await openEvents(port: port)
            #expect(try await stream.read(until: { Self.text($0).contains("event: build\ndata: {}\n\n") }))

            try site.save("site/content/posts/first.md", "First post, edited")
            let second = try #require(await log.next(where: Self.isBuild))
            #expect(Self.id(second) != Self.id(first))
            #expect(try await stream.read(until: { Self.text($0).contains(Self.rootChanged) }))

            let page = try await RawResponse.get(port: port, "/")
            #expect(page.text.contains("First post, edited"))
            #expect(page.text.contains(Self.id(second)))
        }
    }

    @Test func aFailedBuildSendsAnErrorKeepsTheLastGoodBuildAndAFixClearsIt() async throws {
        let site = try TestSite()
        try await withServer(site, watching: true) { port, log in
            let good = try #require(log.all.first(where: Self.isBuild))
            let stream = try await openEvents(port: port)
            try await stream.read(until: { Self.text($0).contains("event: build") })

            try site.save("site/content/posts/first.md", "fine\n!error\n")
            let failure = try #require(await log.next(where: { if case .failed = $0 { true } else { false } }))
            #expect(failure == .failed(BuildFailure(message: "content/posts/first.md:2: bad post", file: "content/posts/first.md", line: 2)))
            let error = "event: error\ndata: {\"excerpt\":[{\"line\":1,\"text\":\"fine\"},{\"line\":2,\"text\":\"!error\"}],"
                + "\"file\":\"content/posts/first.md\",\"line\":2,\"message\":\"content/posts/first.md:2: bad post\"}\n\n"
            #expect(try await stream.read(until: { Self.text($0).contains(error) }))

            let page = try await RawResponse.get(port: port, "/")
            #expect(page.text.contains(Self.id(good)))

            // A client connecting now learns of the error at once.
            let late = try await openEvents(port: port)
            #expect(try await late.read(until: { Self.text($0).contains(error) }))

            try site.save("site/content/posts/first.md", "fixed")
            _ = try #require(await log.next(where: Self.isBuild))
            #expect(try await stream.read(until: { Self.text($0).components(separatedBy: Self.rootChanged).count == 2 }))
        }
    }

    /// A burst is what comes within the quiet period: long here, so that a busy machine
    /// cannot spread the saves into two.
    @Test func aBurstOfSavesGivesOneRebuild() async throws {
        let site = try TestSite()
        try await withServer(site, watching: true, burst: .init(quietPeriod: .milliseconds(500), longest: .seconds(10))) { _, log in
            let before = site.buildCount
            for round in 0..<5 { try site.save("site/content/posts/first.md", "burst \(round)") }
            _ = try #require(await log.next(where: Self.isBuild))
            try await Task.sleep(for: .milliseconds(400))
            #expect(site.buildCount == before + 1)
        }
    }

    /// The first build takes a while on a large site; an edit saved meanwhile builds again.
    /// (The rebuild for the edit may be announced before the server reports it listens: so
    /// builds are counted, not events.)
    @Test func aSaveDuringTheFirstBuildBuildsAgain() async throws {
        let site = try TestSite()
        let edited = Atomic(false)
        let rebuilder = SiteRebuilder { _ in
            if !edited.exchange(true, ordering: .relaxed) { try site.save("site/content/posts/first.md", "Saved during the first build") }
            return BuiltSite(id: try site.build())
        }
        let before = site.buildCount
        try await withServer(site, watching: true, rebuilder: rebuilder) { _, _ in
            let deadline = ContinuousClock.now + .seconds(10)
            while site.buildCount < before + 2, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
            try await Task.sleep(for: .milliseconds(400))
            #expect(site.buildCount == before + 2)
        }
    }

    /// The server stops its watcher when it returns, whether or not the bursts were listened to.
    @Test(.timeLimit(.minutes(1))) func aStoppedWatcherEndsItsBursts() async throws {
        let site = try TestSite()
        let watcher = try SourceWatcher.start(watching: WatchedSources(root: site.source))
        var bursts = watcher.bursts.makeAsyncIterator()
        try site.save("site/content/posts/first.md", "Seen")
        #expect(await bursts.next() != nil)
        watcher.stop()
        #expect(await bursts.next() == nil)
    }

    @Test func foldersCreatedLaterAreWatched() async throws {
        let site = try TestSite()
        try await withServer(site, watching: true) { port, log in
            try site.write("site/content/notes/deep/ideas/a.md", "deep note")
            _ = try #require(await log.next(where: Self.isBuild))
            try await Task.sleep(for: .milliseconds(100))
            try site.save("site/content/notes/deep/ideas/a.md", "deep note, edited")
            _ = try #require(await log.next(where: Self.isBuild))
            let page = try await RawResponse.get(port: port, "/")
            #expect(page.text.contains("deep note, edited"))
        }
    }

    /// `data/`, which layouts show as `site.data`, is a source, even when made after `serve` started.
    @Test func aDataFileIsASource() async throws {
        let site = try TestSite()
        try await withServer(site, watching: true) { _, log in
            try site.write("site/data/owner.yml", "name: Ada Owl\n")
            _ = try #require(await log.next(where: Self.isBuild))
        }
    }

    /// The build copies hidden files of `static/` (`.well-known/`, `.htaccess`).
    @Test func aHiddenFileIsASource() async throws {
        let site = try TestSite()
        try site.write("site/static/.well-known/security.txt", "Contact: mailto:owl@example.com")
        try await withServer(site, watching: true) { _, log in
            try site.write("site/static/.htaccess", "Options -Indexes")
            _ = try #require(await log.next(where: Self.isBuild))
        }
    }

    @Test func changesOutsideTheSourcesAreIgnored() async throws {
        let site = try TestSite()
        try await withServer(site, watching: true) { _, log in
            let before = site.buildCount
            try site.write("site/notes.txt", "not a source")
            try site.write("site/content/posts/.first.md.swp", "editor swap file")
            try site.write("site/content/posts/.#first.md", "editor lock file")
            try site.write("site/content/posts/.DS_Store", "the Finder's")
            try await Task.sleep(for: .milliseconds(400))
            #expect(site.buildCount == before)
        }
    }

    private func openEvents(port: Int) async throws -> RawConnection {
        let connection = try RawConnection(port: port)
        try connection.send("GET /_owl/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        #expect(try await connection.read(until: { Self.text($0).contains("text/event-stream") }))
        return connection
    }

    private static let rootChanged = "event: build\ndata: {\"pages\":[\"\(TestSite.rootKey)\"]}\n\n"

    private static func isBuild(_ event: DevServer.Event) -> Bool {
        if case .built = event { true } else { false }
    }

    private static func id(_ event: DevServer.Event) -> String {
        if case .built(let build, _) = event { build.id } else { "" }
    }

    /// The received bytes with chunked-encoding framing left in: events never span chunks.
    private static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
