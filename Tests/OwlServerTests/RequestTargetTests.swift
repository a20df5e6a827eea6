import Testing

@testable import OwlServer

@Suite struct RequestTargetTests {
    @Test func decodesSegmentsAndDropsDotsAndEmptySegments() throws {
        let target = try #require(RequestTarget("/posts//./hello%20world/?page=2"))
        #expect(target.segments == ["posts", "hello world"])
        #expect(target.isFolder)
        #expect(target.encodedPath == "/posts/hello%20world/")
    }

    @Test func rootIsAFolder() throws {
        let target = try #require(RequestTarget("/"))
        #expect(target.segments.isEmpty && target.isFolder)
        #expect(target.encodedPath == "/")
    }

    @Test(arguments: [
        "", "posts/", "/../etc/passwd", "/a/%2e%2e/b", "/%2E%2E/", "/a%2fb", "/a%5cb", "/a\\b", "/a%00b",
        "/%252e%252e/", "/%zz", "/%2", "/%c0%ae%c0%ae/", "/a%0d%0ab", "/%7f",
    ])
    func refuses(_ spelling: String) {
        #expect(RequestTarget(spelling) == nil)
    }

    @Test func redirectTargetsAreCanonicalNeverProtocolRelative() throws {
        let target = try #require(RequestTarget("//evil.example/path"))
        #expect(target.asFolder.encodedPath == "/evil.example/path/")
    }
}
