import Synchronization
import Testing

@testable import OwlServer

@Suite struct DevServerTests {
    @Test func aFirstBuildThatFailsWithoutOutputStopsTheServerWithAReason() async throws {
        let site = try TestSite()
        let missing = site.folder + "/nowhere"
        let failure = BuildFailure(message: "content/a.md:1: broken", file: "content/a.md", line: 1)
        let server = DevServer(
            configuration: .init(output: missing, port: 0, watching: nil),
            rebuilder: SiteRebuilder { _ in throw failure }
        )
        let log = EventLog()
        await #expect(throws: DevServerError.missingOutput(missing)) {
            try await server.run { log.append($0) }
        }
        #expect(log.all == [.failed(failure)])
    }

    /// A port another server holds stops the server with the address and the system's
    /// reason, before anything is built into the output the other server may be building.
    /// (A host that does not resolve is not tried: that would ask the network.)
    @Test func anAddressThatCannotBeListenedOnStopsTheServerBeforeItBuilds() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            let urls = URLLog()
            let taken = DevServer(
                configuration: .init(output: site.output, port: port, watching: nil),
                rebuilder: SiteRebuilder { url in urls.append(url); return BuiltSite(id: "b") }
            )
            await #expect(throws: DevServerError.cannotListen(host: "127.0.0.1", port: port, reason: "Address already in use")) {
                try await taken.run { _ in }
            }
            #expect(urls.all.isEmpty)
        }
        #expect(DevServerError.cannotListen(host: "::1", port: 80, reason: "Permission denied").description == "cannot listen on [::1]:80: Permission denied")
    }

    /// An address of no interface here (192.0.2.1 is kept for documentation) is refused by
    /// the system, without a build.
    @Test func anAddressOfAnotherMachineStopsTheServerBeforeItBuilds() async throws {
        let site = try TestSite()
        let urls = URLLog()
        let server = DevServer(
            configuration: .init(output: site.output, host: "192.0.2.1", port: 0, watching: nil),
            rebuilder: SiteRebuilder { url in urls.append(url); return BuiltSite(id: "b") }
        )
        await #expect(throws: DevServerError.cannotListen(host: "192.0.2.1", port: 0, reason: "Cannot assign requested address")) {
            try await server.run { _ in }
        }
        #expect(urls.all.isEmpty)
    }

    @Test func aFirstBuildThatFailsStillServesTheOutputAndReportsTheError() async throws {
        let site = try TestSite()
        try site.write("site/content/posts/first.md", "!error")
        try await withServer(site) { port, log in
            #expect(log.all.first == .failed(BuildFailure(message: "content/posts/first.md:1: bad post", file: "content/posts/first.md", line: 1)))
            let page = try await RawResponse.get(port: port, "/posts/")
            #expect(page.status == 200)
            let events = try RawConnection(port: port)
            try events.send("GET /_owl/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(try await events.read(until: { String(decoding: $0, as: UTF8.self).contains("event: error\n") }))
            #expect(!events.text.contains("event: build"))
        }
    }

    /// The server is bound before the first build, which names the port the system chose
    /// for port 0: one build, one announcement.
    @Test func portZeroBuildsTheSiteForThePortActuallyBound() async throws {
        let site = try TestSite()
        let urls = URLLog()
        let rebuilder = SiteRebuilder { url in
            urls.append(url)
            return BuiltSite(id: try site.build(), warnings: ["content/a.md:1: for \(url)"])
        }
        try await withServer(site, rebuilder: rebuilder) { port, log in
            #expect(port != 0)
            #expect(urls.all == ["http://127.0.0.1:\(port)/"])
            let announced = log.all.compactMap { event in if case .built(let build, _) = event { build } else { nil } }
            #expect(announced.map(\.warnings) == [["content/a.md:1: for http://127.0.0.1:\(port)/"]])
            let page = try await RawResponse.get(port: port, "/")
            #expect(page.status == 200)
        }
    }

    @Test func theServedAddressIsTheBoundOne() {
        let address = ServedAddress(host: "::1", port: 0)
        address.bind(to: 41234)
        #expect(address.current == "http://[::1]:41234/")
    }

    /// A site folder inotify cannot watch stops the server with the system's reason.
    @Test func sourcesThatCannotBeWatchedStopTheServerWithAReason() async throws {
        let site = try TestSite()
        let server = DevServer(
            configuration: .init(output: site.output, port: 0, watching: WatchedSources(root: site.folder + "/nowhere")),
            rebuilder: SiteRebuilder { _ in BuiltSite(id: "b") }
        )
        await #expect(throws: DevServerError.cannotWatch("No such file or directory")) {
            try await server.run { _ in }
        }
        #expect(DevServerError.cannotWatch("Too many open files").description
            == "cannot watch the sources for changes (with inotify): Too many open files")
    }
}

/// The server URLs builds were given, in order.
final class URLLog: Sendable {
    private let urls = Mutex<[String]>([])

    func append(_ url: String) { urls.withLock { $0.append(url) } }

    var all: [String] { urls.withLock { $0 } }
}
