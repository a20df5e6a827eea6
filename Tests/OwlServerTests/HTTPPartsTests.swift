import Testing

@testable import OwlServer

@Suite struct HTTPPartsTests {
    @Test(arguments: [
        ("bytes=0-0", 10, ByteRange.satisfiable(0...0)),
        ("bytes=3-", 10, .satisfiable(3...9)),
        ("bytes=-4", 10, .satisfiable(6...9)),
        ("bytes=-40", 10, .satisfiable(0...9)),
        ("bytes=5-400", 10, .satisfiable(5...9)),
        ("bytes=10-", 10, .unsatisfiable),
        ("bytes=-0", 10, .unsatisfiable),
        ("bytes=0-", 0, .unsatisfiable),
        ("bytes=5-2", 10, .ignored),
        ("bytes=0-1,3-4", 10, .ignored),
        ("items=0-1", 10, .ignored),
        ("bytes=a-b", 10, .ignored),
        ("bytes=-", 10, .ignored),
    ])
    func byteRanges(header: String, length: Int, expected: ByteRange) {
        #expect(ByteRange(header: header, length: length) == expected)
    }

    @Test func httpDatesRoundTrip() {
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(HTTPDate.parse("garbage") == nil)
    }

    @Test(arguments: [
        ("gzip", true), ("deflate, gzip;q=0.5", true), ("br", false), ("gzip;q=0", false),
        ("*", true), ("*;q=0", false), ("GZIP", true), ("gzip;q=0.0, *", false), ("", false),
    ])
    func acceptEncoding(header: String, accepted: Bool) {
        #expect(Gzip.isAccepted(by: header) == accepted)
    }

    @Test func liveMetaGoesRightAfterTheHeadStartTag() {
        func inject(_ html: String) -> String {
            String(decoding: LiveMeta.inject(into: Array(html.utf8)), as: UTF8.self)
        }
        let tag = "<meta name=\"owl-live\" content=\"/_owl/events\">"
        #expect(inject("<html><head><title>t</title></head>") == "<html><head>\(tag)<title>t</title></head>")
        #expect(inject("<header>x</header><Head\n class=\"a\">") == "<header>x</header><Head\n class=\"a\">\(tag)")
        #expect(inject("<p>a fragment</p>") == "<p>a fragment</p>")
        #expect(inject("<head") == "<head")
    }

    @Test func contentTypesByExtension() {
        #expect(ContentType(path: "/a/b/INDEX.HTML").isHTML)
        #expect(ContentType(path: "/a/feed.xml").value == "application/xml")
        #expect(ContentType(path: "/a/photo.jpeg").isCompressible == false)
        #expect(ContentType(path: "/a/Makefile").value == "application/octet-stream")
        #expect(ContentType(path: "/a.dir/file").value == "application/octet-stream")
    }
}
