import Testing

/// Every spelling that tries to leave the served folder, sent over a raw socket so no
/// client normalises it first.
@Suite struct TraversalTests {
    static let attempts = [
        "/../secret/secret.txt",
        "/../../secret/secret.txt",
        "/./../secret/secret.txt",
        "/posts/../../secret/secret.txt",
        "/%2e%2e/secret/secret.txt",
        "/%2E%2E/%2E%2E/secret/secret.txt",
        "/.%2e/secret/secret.txt",
        "/%2e./secret/secret.txt",
        "/posts/%2e%2e/%2e%2e/secret/secret.txt",
        "/%252e%252e/%252e%252e/secret/secret.txt",
        "/..%252f..%252fsecret%252fsecret.txt",
        "/..%2fsecret%2fsecret.txt",
        "/%2e%2e%2f%2e%2e%2fsecret%2fsecret.txt",
        "/..\\..\\secret\\secret.txt",
        "/..%5c..%5csecret%5csecret.txt",
        "/%5c..%5c..%5csecret%5csecret.txt",
        "/%c0%ae%c0%ae/%c0%ae%c0%ae/secret/secret.txt",
        "/%e0%80%ae%e0%80%ae/secret/secret.txt",
        "/..%c0%af..%c0%afsecret%c0%afsecret.txt",
        "/%u002e%u002e/secret/secret.txt",
        "/secret.txt%00.html",
        "/../secret/secret.txt%00",
        "/%00/../secret/secret.txt",
        "//etc/passwd",
        "/%2fetc%2fpasswd",
        "/etc/passwd",
        "/posts/..;/..;/secret/secret.txt",
        "/.../secret/secret.txt",
        "/leak.txt",
        "/leakdir/secret.txt",
        "/leakdir/",
        "/leakdir",
        "../secret/secret.txt",
        "http://127.0.0.1/../secret/secret.txt",
    ]

    @Test func everyTraversalAttemptIsRefused() async throws {
        let site = try TestSite()
        #expect(Self.attempts.count >= 20)
        let absolute = site.folder + "/secret/secret.txt"
        try await withServer(site) { port, _ in
            for target in Self.attempts + [absolute] {
                let response = try await RawResponse.get(port: port, target)
                #expect([400, 404].contains(response.status), "\(target) answered \(response.status)")
                #expect(!response.text.contains(TestSite.secret), "\(target) leaked the secret")
                #expect(!response.text.contains("root:"), "\(target) leaked /etc/passwd")
            }
        }
    }

    @Test func linksInsideTheFolderAreFollowed() async throws {
        let site = try TestSite()
        try await withServer(site) { port, _ in
            let response = try await RawResponse.get(port: port, "/inside.css")
            #expect(response.status == 200)
            #expect(response.text == (try site.read("site/public/style.css")))
        }
    }
}
