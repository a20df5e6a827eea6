import Testing

@testable import OwlServer

/// What `serve` answers for the files of its folder (docs/serve.md).
@Suite struct ServeFilesTests {
    @Test func folderServesItsIndexWithTheLiveMetaInItsHead() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            let response = try await RawResponse.get(port: port, "/posts/")
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "text/html; charset=utf-8")
            #expect(response.text.contains("<HEAD lang=\"en\"><meta name=\"owl-live\" content=\"/_owl/events\"><title>"))
            #expect(response.headers["content-length"] == String(response.body.count))
            #expect(response.headers["etag"]?.hasSuffix("\"") == true)
            #expect(response.headers["last-modified"]?.hasSuffix(" GMT") == true)
            #expect(response.headers["accept-ranges"] == "bytes")
            #expect(response.headers["cache-control"] == "no-cache")
            #expect(response.headers["x-content-type-options"] == "nosniff")

            let root = try await RawResponse.get(port: port, "/")
            #expect(root.status == 200)
            #expect(root.text.contains("<meta name=\"owl-build\""))
            #expect(root.text.contains("<head><meta name=\"owl-live\""))
        }
    }

    @Test func folderWithoutSlashRedirects() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            let response = try await RawResponse.get(port: port, "/posts?page=2")
            #expect(response.status == 301)
            #expect(response.headers["location"] == "/posts/")
            // Never to another host: `//host/` would be one.
            try site.write("site/public/example.com/index.html", "<html></html>")
            let doubled = try await RawResponse.get(port: port, "//example.com")
            #expect(doubled.headers["location"]?.hasPrefix("//") != true)
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

    /// No compression of its own: a development server on loopback does not need it.
    @Test func nonHTMLFilesAreServedByteForByteEvenWhenGzipIsAccepted() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            let response = try await RawResponse.get(port: port, "/style.css", headers: ["Accept-Encoding: gzip, br"])
            #expect(response.headers["content-encoding"] == nil)
            #expect(response.text == (try site.read("site/public/style.css")))
        }
    }

    @Test func conditionalRequestsAnswer304() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            for path in ["/style.css", "/posts/"] {
                let first = try await RawResponse.get(port: port, path)
                let tag = try #require(first.headers["etag"])
                let modified = try #require(first.headers["last-modified"])

                let byTag = try await RawResponse.get(port: port, path, headers: ["If-None-Match: \(tag)"])
                #expect(byTag.status == 304)
                #expect(byTag.body.isEmpty)
                #expect(byTag.headers["etag"] == tag)

                let byDate = try await RawResponse.get(port: port, path, headers: ["If-Modified-Since: \(modified)"])
                #expect(byDate.status == 304)

                let stale = try await RawResponse.get(port: port, path, headers: ["If-None-Match: \"stale\""])
                #expect(stale.status == 200 && stale.body == first.body)
                let old = try await RawResponse.get(port: port, path, headers: ["If-Modified-Since: Sun, 06 Nov 1994 08:49:37 GMT"])
                #expect(old.status == 200 && old.body == first.body)
            }
        }
    }

    /// Nothing is cached: the next request after an edit gets the new bytes and a new tag,
    /// also when the length stays the same (the modification time tells them apart).
    @Test func aFileEditedByHandIsServedInItsNewVersionAtOnce() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            let first = try await RawResponse.get(port: port, "/app.js")
            try site.write("site/public/app.js", "console.log('edited')\n")
            let second = try await RawResponse.get(port: port, "/app.js", headers: ["If-None-Match: \(first.headers["etag"] ?? "")"])
            #expect(second.status == 200)
            #expect(second.text == "console.log('edited')\n")
            #expect(second.headers["etag"] != first.headers["etag"])

            // The file system's clock ticks in milliseconds, not nanoseconds.
            try await Task.sleep(for: .milliseconds(50))
            try site.write("site/public/app.js", "console.log('EDITED')\n")
            let third = try await RawResponse.get(port: port, "/app.js", headers: ["If-None-Match: \(second.headers["etag"] ?? "")"])
            #expect(third.status == 200)
            #expect(third.text == "console.log('EDITED')\n")

            try site.write("site/public/posts/index.html", "<html><head></head><body>rewritten</body></html>")
            let page = try await RawResponse.get(port: port, "/posts/")
            #expect(page.text == "<html><head><meta name=\"owl-live\" content=\"/_owl/events\"></head><body>rewritten</body></html>")
        }
    }

    /// A file too large to be read whole is streamed from disk, its length read anew each time.
    @Test func aLargeFileIsStreamedWithRangesAndServedWholeAfterAnEdit() async throws {
        let site = try TestSite()
        let size = SiteFiles.largestReadFile + 1000
        let text = String((0..<size).map { Character(Unicode.Scalar(UInt8(97 + $0 % 26))) })
        try site.write("site/public/big.txt", text)
        try await withServer(site) { port, _ in
            let whole = try await RawResponse.get(port: port, "/big.txt")
            #expect(whole.status == 200)
            #expect(whole.headers["content-length"] == String(size))
            #expect(whole.text == text)

            let span = try await RawResponse.get(port: port, "/big.txt", headers: ["Range: bytes=\(size - 5)-"])
            #expect(span.status == 206)
            #expect(span.text == String(text.suffix(5)))
            #expect(span.headers["content-range"] == "bytes \(size - 5)-\(size - 1)/\(size)")

            let shorter = String(text.dropLast(8_192))
            try site.write("site/public/big.txt", shorter)
            let second = try await RawResponse.get(port: port, "/big.txt")
            #expect(second.headers["content-length"] == String(shorter.utf8.count))
            #expect(second.text == shorter)
        }
    }

    @Test func headSendsTheHeadersOfGetWithoutBody() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            for path in ["/posts/", "/style.css", "/no/such/page/"] {
                let get = try await RawResponse.get(port: port, path)
                let head = try await RawResponse.get(port: port, path, method: "HEAD")
                #expect(head.status == get.status)
                #expect(head.body.isEmpty)
                #expect(head.headers["content-length"] == String(get.body.count))
                #expect(head.headers["etag"] == get.headers["etag"])
                #expect(head.headers["content-type"] == get.headers["content-type"])
            }
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

            let open = try await RawResponse.get(port: port, "/blob.bin", headers: ["Range: bytes=15-"])
            #expect(open.status == 206 && open.text == "fghij")

            let long = try await RawResponse.get(port: port, "/blob.bin", headers: ["Range: bytes=18-9999999999"])
            #expect(long.status == 206 && long.text == "ij")

            let outside = try await RawResponse.get(port: port, "/blob.bin", headers: ["Range: bytes=20-30"])
            #expect(outside.status == 416)
            #expect(outside.headers["content-range"] == "bytes */20")

            let page = try await RawResponse.get(port: port, "/posts/", headers: ["Range: bytes=0-5"])
            #expect(page.status == 206 && page.text == "<!doct")

            let tag = try #require(span.headers["etag"])
            let currentIfRange = try await RawResponse.get(port: port, "/blob.bin", headers: ["Range: bytes=2-5", "If-Range: \(tag)"])
            #expect(currentIfRange.status == 206 && currentIfRange.text == "2345")
            let staleIfRange = try await RawResponse.get(port: port, "/blob.bin", headers: ["Range: bytes=2-5", "If-Range: \"old\""])
            #expect(staleIfRange.status == 200 && staleIfRange.body.count == 20)
        }
    }

    /// Ranges Hummingbird's file serving would misread are ignored, as HTTP allows: the
    /// whole file is sent.
    @Test(arguments: [
        "bytes=-3", "bytes=0-1,4-5", "bytes=0-1, 4-5", "bytes=--1", "items=0-3", "bytes=+1-2", "bytes= 1-2", "bytes=5-2",
        "bytes=99999999999999999999-", "bytes=0-99999999999999999999", "bytes=", "bytes=-",
    ])
    func rangesOtherThanOneSpanFromAFirstByteAreIgnored(range: String) async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            let response = try await RawResponse.get(port: port, "/blob.bin", headers: ["Range: \(range)"])
            #expect(response.status == 200)
            #expect(response.text == "0123456789abcdefghij")
        }
    }

    @Test func missingFilesGetTheSites404Page() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            for path in ["/no/such/page/", "/nothing.css", "/_owl/nothing", "/leak.txt"] {
                let response = try await RawResponse.get(port: port, path, headers: ["Range: bytes=0-3", "If-None-Match: *"])
                #expect(response.status == 404, "\(path)")
                #expect(response.text.contains("Owl not found"))
                #expect(response.text.contains("<head><meta name=\"owl-live\" content=\"/_owl/events\"><title>Lost"))
                #expect(response.headers["content-type"] == "text/html; charset=utf-8")
            }
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
}
