import Testing

@testable import OwlServer

/// HTTP/1.0 connections end after each response unless the request asks to keep them,
/// whether the responder or the event-loop fast path answers.
@Suite struct HTTP10Tests {
    @Test func aRequestWithoutKeepAliveGetsItsResponseAndTheConnectionCloses() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            // The first request is the responder's; the second, for the file now in memory, the fast path's.
            for answeredBy in ["the responder", "the fast path"] {
                let connection = try RawConnection(port: port)
                try connection.send("GET /app.js HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
                try await connection.read(timeout: .seconds(5))
                #expect(connection.isClosed, "the server closes the connection when \(answeredBy) answers")
                let response = try RawResponse(parsing: connection.received)
                #expect(response.status == 200)
                #expect(response.headers["connection"] == "close")
                #expect(response.text == "console.log('owl')\n")
            }
        }
    }

    @Test func aRequestAskingForKeepAliveKeepsTheConnectionAndIsToldSo() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            let connection = try RawConnection(port: port)
            let request = "GET /app.js HTTP/1.0\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n"
            for _ in 0..<3 {
                let response = try await connection.exchange(request)
                #expect(response.status == 200)
                #expect(response.headers["connection"] == "keep-alive")
            }
            #expect(!connection.isClosed)
        }
    }

    @Test func requestsPipelinedAfterOneThatClosesAreNotAnswered() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            _ = try await RawResponse.get(port: port, "/style.css")
            let connection = try RawConnection(port: port)
            try connection.send(
                "GET /app.js HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\nGET /style.css HTTP/1.0\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n")
            try await connection.read(timeout: .seconds(5))
            #expect(connection.isClosed)
            #expect(connection.text.components(separatedBy: "HTTP/1.1 ").count == 2, "one response: \(connection.text)")
        }
    }

    @Test func http11ConnectionsAreLeftAsTheyWere() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            let connection = try RawConnection(port: port)
            for _ in 0..<2 {
                let response = try await connection.exchange("GET /app.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                #expect(response.headers["connection"] == nil)
            }
            #expect(!connection.isClosed)
        }
    }
}
