import Testing

@testable import OwlServer

/// The running server: requests on a kept-alive connection, which the event-loop fast
/// path may answer, get the same bytes as the same requests answered by the responder.
@Suite struct FastPathTests {
    /// One request: method, target and extra header lines.
    struct Exchange: CustomStringConvertible {
        var method = "GET"
        var target: String
        var headers: [String] = []

        var description: String { ([method + " " + target] + headers).joined(separator: " | ") }

        /// The request as sent on a kept-alive connection.
        var keptAlive: String {
            (["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1"] + headers).joined(separator: "\r\n") + "\r\n\r\n"
        }
    }

    @Test func keptAliveRequestsOneByOneAndPipelinedGetTheRespondersBytes() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            let plain = try await RawResponse.get(port: port, "/style.css")
            let gzipped = try await RawResponse.get(port: port, "/style.css", headers: ["Accept-Encoding: gzip"])
            let exchanges = [
                Exchange(target: "/posts/"),
                Exchange(method: "HEAD", target: "/posts/"),
                Exchange(target: "/nothing/here/"),
                Exchange(target: "/style.css"),
                Exchange(target: "/posts"),
                Exchange(target: "/style.css?v=3", headers: ["Accept-Encoding: gzip, br"]),
                Exchange(method: "POST", target: "/style.css"),
                Exchange(target: "/style.css", headers: ["If-None-Match: \(plain.headers["etag"] ?? "")"]),
                Exchange(target: "/style.css", headers: ["Accept-Encoding: gzip", "If-None-Match: \(gzipped.headers["etag"] ?? "")"]),
                Exchange(target: "/style.css", headers: ["If-Modified-Since: \(plain.headers["last-modified"] ?? "")"]),
                Exchange(target: "/blob.bin", headers: ["Range: bytes=2-5"]),
                Exchange(target: "/blob.bin", headers: ["Range: bytes=30-"]),
                Exchange(method: "HEAD", target: "/blob.bin", headers: ["Range: bytes=-3"]),
                Exchange(target: "/app.js"),
                Exchange(target: "/inside.css"),
            ]
            var expected: [RawResponse] = []
            for exchange in exchanges {
                expected.append(
                    try await RawResponse.get(port: port, exchange.target, method: exchange.method, headers: exchange.headers))
            }

            let connection = try RawConnection(port: port)
            var oneByOne: [RawResponse] = []
            for exchange in exchanges {
                oneByOne.append(try await connection.exchange(exchange.keptAlive, hasBody: exchange.method != "HEAD"))
            }
            Self.expect(oneByOne, toEqual: expected, for: exchanges)

            let start = connection.received.count
            try connection.send(exchanges.map(\.keptAlive).joined())
            let hasBody = exchanges.map { $0.method != "HEAD" }
            try await connection.read(until: { (try? RawResponse.sequence(in: Array($0[start...]), hasBody: hasBody)) != nil })
            let pipelined = try #require(try RawResponse.sequence(in: Array(connection.received[start...]), hasBody: hasBody))
            Self.expect(pipelined, toEqual: expected, for: exchanges)
            #expect(!connection.isClosed)
        }
    }

    /// Same status, headers (but `Date`) and body; every answer has a `Date`.
    private static func expect(_ answers: [RawResponse], toEqual references: [RawResponse], for exchanges: [Exchange]) {
        #expect(answers.count == references.count)
        for (exchange, (answer, reference)) in zip(exchanges, zip(answers, references)) {
            #expect(answer.status == reference.status, "\(exchange)")
            #expect(answer.headers["date"] != nil, "\(exchange)")
            #expect(answer.headers.filter { $0.key != "date" } == reference.headers.filter { $0.key != "date" }, "\(exchange)")
            #expect(answer.body == reference.body, "\(exchange)")
        }
    }

    @Test func aMalformedRequestAfterRequestsAnsweredInPlaceIsStillAnswered() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            _ = try await RawResponse.get(port: port, "/style.css")
            let connection = try RawConnection(port: port)
            for _ in 0..<3 {
                #expect(try await connection.exchange(Exchange(target: "/style.css").keptAlive).status == 200)
            }
            let start = connection.received.count
            try connection.send("HELLO\r\n\r\n")
            try await connection.read(timeout: .seconds(5))
            #expect(connection.isClosed)
            #expect(String(decoding: connection.received[start...], as: UTF8.self).hasPrefix("HTTP/1.1 400"))
        }
    }

    @Test func traversalAttemptsOnAKeptAliveConnectionAreRefused() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            _ = try await RawResponse.get(port: port, "/style.css")
            _ = try await RawResponse.get(port: port, "/posts/")
            for target in TraversalTests.attempts + [site.folder + "/secret/secret.txt"] {
                let response = try await RawConnection(port: port).exchange(Exchange(target: target).keptAlive)
                #expect([400, 404].contains(response.status), "\(target) answered \(response.status)")
                #expect(!response.text.contains(TestSite.secret), "\(target) leaked the secret")
            }
        }
    }

    @Test func aKeptAliveConnectionSeesEveryNewBuild() async throws {
        let site = try TestSite()
        try await withServer(site, watching: true) { port, log in
            let connection = try RawConnection(port: port)
            func page() async throws -> String {
                try await connection.exchange(Exchange(target: "/").keptAlive).text
            }
            let first = try await page()
            #expect(try await page() == first)

            try site.save("site/content/posts/first.md", "First post, edited")
            guard case .built(let build, _)? = await log.next(where: { if case .built = $0 { true } else { false } }) else {
                throw TestError("no rebuild")
            }
            let rebuilt = try await page()
            #expect(rebuilt.contains("content=\"\(build.id)\""))
            #expect(rebuilt.contains("First post, edited"))
            #expect(rebuilt != first)
        }
    }
}
