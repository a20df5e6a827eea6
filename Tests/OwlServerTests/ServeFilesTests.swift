import Testing

@testable import OwlServer

@Suite struct ServeFilesTests {
    @Test func folderServesItsIndexWithTheLiveMetaInItsHead() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            let response = try await RawResponse.get(port: port, "/posts/")
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "text/html; charset=utf-8")
            #expect(response.text.contains("<HEAD lang=\"en\"><meta name=\"owl-live\" content=\"/_owl/events\"><title>"))
            #expect(response.headers["content-length"] == String(response.body.count))
            #expect(response.headers["etag"]?.hasPrefix("\"") == true)
            #expect(response.headers["last-modified"]?.hasSuffix(" GMT") == true)
            #expect(response.headers["accept-ranges"] == "bytes")
            #expect(response.headers["cache-control"] == "no-cache")

            let root = try await RawResponse.get(port: port, "/")
            #expect(root.status == 200)
            #expect(root.text.contains("<meta name=\"owl-build\""))
        }
    }

    @Test func folderWithoutSlashRedirects() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            let response = try await RawResponse.get(port: port, "/posts?page=2")
            #expect(response.status == 301)
            #expect(response.headers["location"] == "/posts/")
        }
    }

    @Test(arguments: [
        ("/style.css", "text/css; charset=utf-8"), ("/app.js", "text/javascript; charset=utf-8"),
        ("/logo.svg", "image/svg+xml"), ("/data.json", "application/json"), ("/fonts/a.woff2", "font/woff2"),
        ("/blob.bin", "application/octet-stream"), ("/inside.css", "text/css; charset=utf-8"),
    ])
    func contentTypes(path: String, type: String) async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            let response = try await RawResponse.get(port: port, path)
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == type)
            #expect(response.headers["x-content-type-options"] == "nosniff")
        }
    }

    @Test func nonHTMLFilesAreServedByteForByte() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            let response = try await RawResponse.get(port: port, "/style.css")
            #expect(response.text == (try site.read("site/public/style.css")))
        }
    }

    @Test func conditionalRequestsAnswer304() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            let first = try await RawResponse.get(port: port, "/style.css")
            let tag = try #require(first.headers["etag"])
            let modified = try #require(first.headers["last-modified"])

            let byTag = try await RawResponse.get(port: port, "/style.css", headers: ["If-None-Match: \"other\", \(tag)"])
            #expect(byTag.status == 304)
            #expect(byTag.body.isEmpty)
            #expect(byTag.headers["etag"] == tag)

            let byDate = try await RawResponse.get(port: port, "/style.css", headers: ["If-Modified-Since: \(modified)"])
            #expect(byDate.status == 304)

            let stale = try await RawResponse.get(port: port, "/style.css", headers: ["If-None-Match: \"stale\""])
            #expect(stale.status == 200)
            let old = try await RawResponse.get(port: port, "/style.css", headers: ["If-Modified-Since: Sun, 06 Nov 1994 08:49:37 GMT"])
            #expect(old.status == 200)
        }
    }

    @Test func aFileEditedByHandGetsANewTagAndBodyWithinATenthOfASecond() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            let first = try await RawResponse.get(port: port, "/app.js")
            try site.write("site/public/app.js", "console.log('edited')\n")
            // A served file's status is trusted for 100 ms before `stat` is asked again.
            try await Task.sleep(for: .milliseconds(150))
            let second = try await RawResponse.get(port: port, "/app.js", headers: ["If-None-Match: \(first.headers["etag"] ?? "")"])
            #expect(second.status == 200)
            #expect(second.text == "console.log('edited')\n")
            #expect(second.headers["etag"] != first.headers["etag"])
        }
    }

    /// A file too large for memory is streamed from disk: its status is checked on every
    /// request, so its length always matches the bytes sent.
    @Test func aLargeFileEditedByHandIsServedWholeAtOnce() async throws {
        let site = try TestSite()
        let large = String(repeating: "0123456789abcdef", count: (FileCache.largestCachedFile + 4_096) / 16)
        try site.write("site/public/large.bin", large)
        try await withServer(site) { port, _ in
            let first = try await RawResponse.get(port: port, "/large.bin")
            #expect(first.body.count == large.utf8.count)
            let shorter = String(large.dropLast(8_192))
            try site.write("site/public/large.bin", shorter)
            let second = try await RawResponse.get(port: port, "/large.bin")
            #expect(second.headers["content-length"] == String(shorter.utf8.count))
            #expect(second.body.count == shorter.utf8.count)
        }
    }

    @Test func headSendsTheHeadersOfGetWithoutBody() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            let get = try await RawResponse.get(port: port, "/posts/")
            let head = try await RawResponse.get(port: port, "/posts/", method: "HEAD")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.headers["content-length"] == String(get.body.count))
            #expect(head.headers["etag"] == get.headers["etag"])
            #expect(head.headers["content-type"] == get.headers["content-type"])
        }
    }

    @Test func rangesAnswer206And416() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            let span = try await RawResponse.get(port: port, "/blob.bin", headers: ["Range: bytes=2-5"])
            #expect(span.status == 206)
            #expect(span.text == "2345")
            #expect(span.headers["content-range"] == "bytes 2-5/20")
            #expect(span.headers["content-length"] == "4")

            let suffix = try await RawResponse.get(port: port, "/blob.bin", headers: ["Range: bytes=-3"])
            #expect(suffix.status == 206 && suffix.text == "hij")

            let open = try await RawResponse.get(port: port, "/blob.bin", headers: ["Range: bytes=15-"])
            #expect(open.status == 206 && open.text == "fghij")

            let outside = try await RawResponse.get(port: port, "/blob.bin", headers: ["Range: bytes=20-30"])
            #expect(outside.status == 416)
            #expect(outside.headers["content-range"] == "bytes */20")

            let staleIfRange = try await RawResponse.get(port: port, "/blob.bin", headers: ["Range: bytes=2-5", "If-Range: \"old\""])
            #expect(staleIfRange.status == 200 && staleIfRange.body.count == 20)

            let multiple = try await RawResponse.get(port: port, "/blob.bin", headers: ["Range: bytes=0-1,4-5"])
            #expect(multiple.status == 200 && multiple.body.count == 20)
        }
    }

    @Test func largeFilesAreStreamedWithRanges() async throws {
        let site = try TestSite()
        let size = FileCache.largestCachedFile + 1000
        let text = String((0..<size).map { Character(Unicode.Scalar(UInt8(97 + $0 % 26))) })
        try site.write("site/public/big.txt", text)
        try await withServer(site) { port, _ in
            let whole = try await RawResponse.get(port: port, "/big.txt", headers: ["Accept-Encoding: gzip"])
            #expect(whole.status == 200)
            #expect(whole.headers["content-encoding"] == nil)
            #expect(whole.body.count == size)
            #expect(whole.text == text)

            let span = try await RawResponse.get(port: port, "/big.txt", headers: ["Range: bytes=\(size - 5)-"])
            #expect(span.status == 206)
            #expect(span.text == String(text.suffix(5)))
            #expect(span.headers["content-range"] == "bytes \(size - 5)-\(size - 1)/\(size)")
        }
    }

    @Test func gzipWhenAcceptedAndOnlyThen() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            let original = try site.read("site/public/style.css")
            let compressed = try await RawResponse.get(port: port, "/style.css", headers: ["Accept-Encoding: br, gzip"])
            #expect(compressed.status == 200)
            #expect(compressed.headers["content-encoding"] == "gzip")
            #expect(compressed.headers["vary"] == "Accept-Encoding")
            #expect(compressed.body.count < original.utf8.count)
            #expect(try String(decoding: gunzip(compressed.body), as: UTF8.self) == original)

            let refused = try await RawResponse.get(port: port, "/style.css", headers: ["Accept-Encoding: gzip;q=0"])
            #expect(refused.headers["content-encoding"] == nil)
            #expect(refused.text == original)

            let notAsked = try await RawResponse.get(port: port, "/style.css")
            #expect(notAsked.headers["content-encoding"] == nil)
            #expect(compressed.headers["etag"] != notAsked.headers["etag"])

            let revalidated = try await RawResponse.get(
                port: port, "/style.css", headers: ["Accept-Encoding: gzip", "If-None-Match: \(compressed.headers["etag"] ?? "")"])
            #expect(revalidated.status == 304)
        }
    }

    @Test func missingFilesGetTheThemes404Page() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            let response = try await RawResponse.get(port: port, "/no/such/page/")
            #expect(response.status == 404)
            #expect(response.text.contains("Owl not found"))
            #expect(response.text.contains("owl-live"))
        }
    }

    @Test func missingFilesWithout404PageGetAShortText() async throws {
        let site = try TestSite(notFoundPage: false)
        try await withServer(site) { port, _ in
            let response = try await RawResponse.get(port: port, "/nothing.html")
            #expect(response.status == 404)
            #expect(response.text == "404 Not Found\n")
        }
    }

    @Test func otherMethodsAreNotAllowed() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            let response = try await RawResponse.get(port: port, "/", method: "POST")
            #expect(response.status == 405)
            #expect(response.headers["allow"] == "GET, HEAD")
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

            let next = try await RawResponse.get(port: port, "/style.css")
            #expect(next.status == 200)
        }
    }
}
