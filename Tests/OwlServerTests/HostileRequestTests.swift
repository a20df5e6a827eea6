import Testing

@testable import OwlServer

/// Nothing a client sends crashes or holds `serve` (issue 30): each finding's reproducer,
/// methods other than `GET` and `HEAD`, malformed and pipelined requests, slow clients.
@Suite struct HostileRequestTests {
    static let hugeYear = "Sun, 06 Nov -2147483648 08:49:37 GMT"

    /// Once a date far outside any calendar killed the server (an overflow in its own date
    /// parsing); now it is a date that does not parse, and the condition is ignored.
    @Test(arguments: [
        ["If-Modified-Since: \(hugeYear)"],
        ["Range: bytes=2-5", "If-Range: \(hugeYear)"],
        ["If-Modified-Since: Sun, 06 Nov 99999999999999999999 08:49:37 GMT"],
        ["If-Modified-Since: Sun, 99 Nov 1994 99:99:99 GMT"],
        ["If-Modified-Since: Sun, 06 Nov"],
        ["If-Modified-Since: 06 Nov 1994 08:49:37 GMT (and then some)"],
        ["If-Range: Sun, 06 Nov 1994 08:49:37 XYZ", "Range: bytes=0-0"],
    ])
    func datesOutsideTheCalendarAreIgnored(headers: [String]) async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            let response = try await RawResponse.get(port: port, "/blob.bin", headers: headers)
            #expect(response.status == 200)
            #expect(response.text == "0123456789abcdefghij")
            #expect(try await RawResponse.get(port: port, "/style.css").status == 200)
        }
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT", "PROPFIND"])
    func otherMethodsAreNotAllowed(method: String) async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            let target = method == "CONNECT" ? "127.0.0.1:80" : "/style.css"
            let response = try await RawResponse.exchange(
                port: port, "\(method) \(target) HTTP/1.1\r\nHost: a\r\nConnection: close\r\nContent-Length: 5\r\n\r\nhello")
            #expect(response.status == 405)
            #expect(response.headers["allow"] == "GET, HEAD")
            #expect(!response.text.contains("color"))
            #expect(try await RawResponse.get(port: port, "/style.css").status == 200)
        }
    }

    @Test(arguments: [
        "HELLO\r\n\r\n",
        "GET / HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n",
        "GET / HTTP/9.9\r\n\r\n",
        "GET /\u{1}x HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET / HTTP/1.1\r\nContent-Length: -5\r\n\r\n",
    ])
    func malformedRequestsAreAnsweredAndTheServerCarriesOn(request: String) async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            let connection = try RawConnection(port: port)
            try connection.send(request)
            try await connection.read(until: { _ in false }, timeout: .seconds(5))
            #expect(connection.isClosed)
            #expect(connection.text.hasPrefix("HTTP/1.1 4"))
            #expect(try await RawResponse.get(port: port, "/style.css").status == 200)
        }
    }

    /// Requests one by one on a kept-alive connection, and all at once (pipelined), get
    /// the answers they get on connections of their own.
    @Test func keptAliveAndPipelinedRequestsGetTheSameAnswers() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            let requests: [(method: String, target: String, headers: [String])] = [
                ("GET", "/posts/", []), ("HEAD", "/posts/", []), ("GET", "/nothing/here/", []), ("GET", "/style.css", []),
                ("GET", "/posts", []), ("GET", "/blob.bin", ["Range: bytes=2-5"]), ("GET", "/blob.bin", ["Range: bytes=30-"]),
                ("HEAD", "/blob.bin", []), ("GET", "/app.js", []), ("GET", "/../secret/secret.txt", []),
            ]
            var expected: [RawResponse] = []
            for request in requests {
                expected.append(try await RawResponse.get(port: port, request.target, method: request.method, headers: request.headers))
            }
            let keptAlive = requests.map { request in
                (["\(request.method) \(request.target) HTTP/1.1", "Host: 127.0.0.1"] + request.headers).joined(separator: "\r\n") + "\r\n\r\n"
            }
            let hasBody = requests.map { $0.method != "HEAD" }
            let connection = try RawConnection(port: port)
            var oneByOne: [RawResponse] = []
            for (request, withBody) in zip(keptAlive, hasBody) {
                oneByOne.append(try await connection.exchange(request, hasBody: withBody))
            }
            let start = connection.received.count
            try connection.send(keptAlive.joined())
            try await connection.read(until: { (try? RawResponse.sequence(in: Array($0[start...]), hasBody: hasBody)) != nil })
            let pipelined = try #require(try RawResponse.sequence(in: Array(connection.received[start...]), hasBody: hasBody))
            for answers in [oneByOne, pipelined] {
                #expect(answers.map(\.status) == expected.map(\.status))
                #expect(answers.map(\.body) == expected.map(\.body))
                #expect(answers.map { $0.headers["content-length"] } == expected.map { $0.headers["content-length"] })
            }
            #expect(!connection.isClosed)
        }
    }

    /// A connection that never finishes its request head, or sends it a byte at a time,
    /// is closed once the timeout has passed; one that has asked and waits is not.
    @Test func slowAndPartialClientsAreClosedAfterTheHeaderTimeout() async throws {
        let site = try TestSite()
        try await withServer(site, idleTimeout: .seconds(1)) { port, _ in
            let partial = try RawConnection(port: port)
            try partial.send("GET /style.css HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            let trickle = try RawConnection(port: port)
            let idle = try RawConnection(port: port)
            let start = ContinuousClock.now
            for byte in "GET /style.css HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1234567890".utf8 {
                guard !trickle.isClosed, ContinuousClock.now - start < .seconds(6) else { break }
                try? trickle.send([byte])
                try await trickle.read(timeout: .milliseconds(100))
            }
            #expect(trickle.isClosed)
            for connection in [partial, idle] {
                try await connection.read(timeout: .seconds(4))
                #expect(connection.isClosed)
                #expect(!connection.text.contains("color"))
            }
            #expect(ContinuousClock.now - start < .seconds(6))

            let events = try RawConnection(port: port)
            try events.send("GET /_owl/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            try await events.read(timeout: .seconds(2.5))
            #expect(!events.isClosed)
            #expect(events.text.contains("text/event-stream"))
            #expect(try await RawResponse.get(port: port, "/style.css").status == 200)
        }
    }
}
