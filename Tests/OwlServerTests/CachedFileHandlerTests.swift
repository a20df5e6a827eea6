import Foundation
import Hummingbird
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing

@testable import OwlServer

/// The event-loop fast path alone, in an embedded channel: what it answers itself, what it
/// passes on to Hummingbird, and in which order.
@Suite struct CachedFileHandlerTests {
    /// A handler over empty caches for `site`'s output, in a channel of its own.
    struct Fixture {
        let site: TestSite
        let folder: SiteFolder
        let files = FileCache()
        let resolutions: ResolutionCache
        let channel: EmbeddedChannel

        /// A site whose remembered file statuses are trusted for `revalidationInterval`
        /// (zero: checked on every request).
        init(revalidationInterval: Duration = .zero) throws {
            resolutions = ResolutionCache(revalidationInterval: revalidationInterval)
            site = try TestSite()
            folder = try #require(SiteFolder(path: site.output))
            channel = EmbeddedChannel(handler: CachedFileHandler(files: files, resolutions: resolutions))
        }

        /// Lets the responder's path resolve and read `target`, as a first request would.
        func warm(_ target: String) throws {
            let checked = try #require(RequestTarget(target))
            guard case .file(let path, let status) = resolutions.resolve(target, as: checked, in: folder) else {
                throw TestError("\(target) does not resolve to a file")
            }
            _ = files.read(at: path, status: status, contentType: ContentType(path: path))
        }

        /// Sends one request, head and end.
        func send(_ target: String, method: HTTPRequest.Method = .get, fields: HTTPFields = [:]) throws {
            let head = HTTPRequest(method: method, scheme: nil, authority: "127.0.0.1", path: target, headerFields: fields)
            try channel.writeInbound(HTTPRequestPart.head(head))
            try channel.writeInbound(HTTPRequestPart.end(nil))
        }

        /// The request parts passed on to Hummingbird since the last call.
        func passedOn() throws -> [HTTPRequestPart] {
            var parts: [HTTPRequestPart] = []
            while let part = try channel.readInbound(as: HTTPRequestPart.self) { parts.append(part) }
            return parts
        }

        /// Writes the response Hummingbird would give to a request passed on, so that
        /// the handler may answer the next one; drops what was written.
        func respondAsHummingbird() throws {
            try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
            try channel.writeOutbound(HTTPResponsePart.end(nil))
            _ = try written()
        }

        /// The response parts written since the last call.
        func written() throws -> [HTTPResponsePart] {
            var parts: [HTTPResponsePart] = []
            while let part = try channel.readOutbound(as: HTTPResponsePart.self) { parts.append(part) }
            return parts
        }
    }

    @Test func requestsItHasNotSeenArePassedOn() throws {
        let fixture = try Fixture()
        try fixture.send("/style.css")
        let passed = try fixture.passedOn()
        #expect(passed.count == 2)
        guard case .head(let head)? = passed.first else { throw TestError("no head passed on") }
        #expect(head.path == "/style.css")
        #expect(try fixture.written().isEmpty)
    }

    @Test func aRememberedCachedFileIsAnsweredInPlace() throws {
        let fixture = try Fixture()
        try fixture.warm("/style.css")
        try fixture.send("/style.css?v=2")
        #expect(try fixture.passedOn().isEmpty)
        let parts = try fixture.written()
        guard parts.count == 3, case .head(let head) = parts[0], case .body(let body) = parts[1], case .end(nil) = parts[2] else {
            throw TestError("not head, body, end: \(parts)")
        }
        let text = try fixture.site.read("site/public/style.css")
        #expect(head.status == .ok)
        #expect(head.headerFields[.contentLength] == String(text.utf8.count))
        #expect(head.headerFields[.contentType] == "text/css; charset=utf-8")
        #expect(head.headerFields[.date]?.hasSuffix(" GMT") == true)
        #expect(String(buffer: body) == text)

        try fixture.send("/style.css", method: .head)
        let headParts = try fixture.written()
        #expect(headParts.count == 2)
        guard case .head(let headOnly)? = headParts.first else { throw TestError("no head written") }
        #expect(headOnly.headerFields[.contentLength] == String(text.utf8.count))
    }

    @Test func responsesKeepTheOrderOfTheRequests() throws {
        let fixture = try Fixture()
        try fixture.warm("/style.css")
        try fixture.send("/missing.html")
        try fixture.send("/style.css")
        #expect(try fixture.passedOn().count == 4, "a cached file behind an unanswered request waits its turn")
        #expect(try fixture.written().isEmpty)

        for _ in 0..<2 {
            try fixture.channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .notFound)))
            try fixture.channel.writeOutbound(HTTPResponsePart.end(nil))
        }
        #expect(try fixture.written().count == 4, "Hummingbird's responses go out unchanged")
        try fixture.send("/style.css")
        #expect(try fixture.passedOn().isEmpty, "with every response out, the next one is answered in place")
        #expect(try fixture.written().count == 3)
    }

    @Test func bodyPartsFollowTheirHead() throws {
        let fixture = try Fixture()
        try fixture.warm("/style.css")
        let head = HTTPRequest(method: .get, scheme: nil, authority: "a", path: "/style.css", headerFields: [.contentLength: "2"])
        try fixture.channel.writeInbound(HTTPRequestPart.head(head))
        try fixture.channel.writeInbound(HTTPRequestPart.body(ByteBuffer(string: "hi")))
        try fixture.channel.writeInbound(HTTPRequestPart.end(nil))
        #expect(try fixture.passedOn().isEmpty, "the body of an answered request is dropped")

        try fixture.send("/style.css", method: .post)
        try fixture.channel.writeInbound(HTTPRequestPart.body(ByteBuffer(string: "x")))
        let passed = try fixture.passedOn()
        #expect(passed.count == 3, "the body of a request passed on goes with it")
        #expect(passed.last == .body(ByteBuffer(string: "x")))
    }

    /// Requests that are not plain reads are passed on; after one that may close the
    /// connection or change its protocol, so is every request that follows.
    @Test(arguments: [("POST", "keep-alive"), ("GET", "close"), ("GET", "Upgrade")])
    func requestsThatAreNotPlainReadsArePassedOn(method: String, connection: String) throws {
        let fixture = try Fixture()
        try fixture.warm("/style.css")
        let method = try #require(HTTPRequest.Method(method))
        try fixture.send("/style.css", method: method, fields: [.connection: connection])
        #expect(try fixture.passedOn().count == 2)
        #expect(try fixture.written().isEmpty)

        try fixture.respondAsHummingbird()
        try fixture.send("/style.css")
        let keepsAnswering = connection == "keep-alive"
        #expect(try fixture.passedOn().count == (keepsAnswering ? 0 : 2), "a plain read after it")
        #expect(try fixture.written().count == (keepsAnswering ? 3 : 0))
    }

    @Test func theGzipFormIsMadeByTheResponderThenServedInPlace() throws {
        let fixture = try Fixture()
        try fixture.warm("/style.css")
        try fixture.send("/style.css", fields: [.acceptEncoding: "gzip"])
        #expect(try fixture.passedOn().count == 2, "compressing is not done on the event loop")
        try fixture.respondAsHummingbird()

        let (path, status) = try #require(fixture.resolutions.rememberedFile(for: "/style.css"))
        let file = try #require(fixture.files.cachedFile(at: path, status: status))
        _ = fixture.files.gzipped(file, at: path)
        try fixture.send("/style.css", fields: [.acceptEncoding: "gzip"])
        #expect(try fixture.passedOn().isEmpty)
        guard case .head(let head)? = try fixture.written().first else { throw TestError("no head written") }
        #expect(head.headerFields[.contentEncoding] == "gzip")
    }

    @Test func aFileChangedOnDiskOrABuildSendsRequestsBackToTheResponder() throws {
        let fixture = try Fixture()
        try fixture.warm("/app.js")
        try fixture.send("/app.js")
        #expect(try fixture.passedOn().isEmpty)
        _ = try fixture.written()

        try fixture.site.write("site/public/app.js", "console.log('a longer edit')\n")
        try fixture.send("/app.js")
        #expect(try fixture.passedOn().count == 2)
        try fixture.respondAsHummingbird()

        try fixture.warm("/app.js")
        try fixture.send("/app.js")
        #expect(try fixture.passedOn().isEmpty, "the new version, once read, is answered in place")
        let parts = try fixture.written()
        guard parts.count == 3, case .body(let body) = parts[1] else { throw TestError("no body written: \(parts)") }
        #expect(String(buffer: body) == "console.log('a longer edit')\n")

        fixture.files.removeAll()
        fixture.resolutions.removeAll()
        try fixture.send("/app.js")
        #expect(try fixture.passedOn().count == 2)
    }

    @Test func aFileEditedByHandIsServedOnceItsStatusIsCheckedAgain() throws {
        let fixture = try Fixture(revalidationInterval: .seconds(1))
        try fixture.warm("/app.js")
        try fixture.site.write("site/public/app.js", "console.log('edited by hand')\n")
        try fixture.send("/app.js")
        #expect(try fixture.passedOn().isEmpty, "within the interval the checked status is trusted")
        _ = try fixture.written()

        usleep(1_050_000)
        try fixture.send("/app.js")
        #expect(try fixture.passedOn().count == 2, "after the interval the edit is seen")
    }
}
