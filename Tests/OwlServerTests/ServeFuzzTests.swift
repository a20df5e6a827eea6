#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import Testing

@testable import OwlServer

/// Hostile requests against a running server on loopback (issue 30, item 3): seeded random
/// and mutated request lines, headers, dates, ranges, methods and encodings, pipelined
/// requests, slow and partial clients, sent over raw TCP by several clients at once.
///
/// Throughout, the server must stay alive and answer a normal request in under a second,
/// never fail a request (5xx), never send a byte of the secret planted beside its folder
/// (nor /etc/passwd), close a partial client within its header timeout, and keep its
/// memory bounded.
///
/// `OWL_FUZZ_REQUESTS` cases (default 300; `make fuzz` runs 20,000), seed `OWL_FUZZ_SEED`.
@Suite struct ServeFuzzTests {
    static let requests = ProcessInfo.processInfo.environment["OWL_FUZZ_REQUESTS"].flatMap { Int($0) } ?? 300
    static let seed = ProcessInfo.processInfo.environment["OWL_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x0_5EED_0F_0A1
    static let clients = 8
    static let headerTimeout = Duration.seconds(1)

    @Test(.timeLimit(.minutes(30))) func hostileRequestsNeitherCrashNorHangNorLeak() async throws {
        let site = try TestSite()
        let secretPath = site.folder + "/secret/secret.txt"
        try await withServer(site, idleTimeout: Self.headerTimeout) { port, _ in
            let findings = Findings()
            // The liveness probe: a normal request on a new connection, five times a second.
            let probe = Task {
                while !findings.isFinished {
                    findings.probe(try await Self.timedNormalRequest(port: port))
                    try await Task.sleep(for: .milliseconds(200))
                }
            }
            try await Self.sendCases(port: port, secretPath: secretPath, into: findings)
            findings.finish()
            try await probe.value
            findings.probe(try await Self.timedNormalRequest(port: port))

            let report = findings.report
            var grown = Self.residentBytes() - (findings.baselineMemory ?? 0)
            print("ServeFuzzTests: \(Self.requests) cases, seed \(Self.seed): \(report.kinds); "
                + "slowest probe \(report.slowestProbe); RSS grew \(grown / 1024) KiB after warm-up")
            #expect(report.problems.isEmpty, "\(report.problems.prefix(20))")
            #expect(report.probes > 0)
            #expect(report.slowestProbe < .seconds(1))
            // The memory is the whole test process's, which the suites running beside this
            // one grow too (once 145 MB here, against 3–48 MB in other runs). Growth past the
            // bound is measured again over the same cases sent once more: a leak grows it again.
            if grown >= Self.memoryBound {
                let again = Findings()
                try await Self.sendCases(port: port, secretPath: secretPath, into: again)
                grown = Self.residentBytes() - (again.baselineMemory ?? 0)
                print("ServeFuzzTests: the same cases again: RSS grew \(grown / 1024) KiB after warm-up")
                #expect(again.report.problems.isEmpty, "\(again.report.problems.prefix(20))")
            }
            #expect(grown < Self.memoryBound, "RSS grew \(grown) bytes")
        }
    }

    /// How much the process's memory may grow over the cases after the warm-up.
    static let memoryBound = 128 << 20

    /// Sends the cases from ``clients`` clients at once to the server on `port`, each answer
    /// checked into `findings`, whose baseline memory is taken once the warm-up cases (a tenth) are sent.
    private static func sendCases(port: Int, secretPath: String, into findings: Findings) async throws {
        let warmUp = max(1, requests / 10)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<clients {
                group.addTask {
                    while true {
                        let index = findings.nextCase()
                        guard index < requests else { return }
                        if index == warmUp { findings.baselineMemory = residentBytes() }
                        var random = SplitMix64(seed: seed &+ UInt64(index))
                        let hostile = HostileRequest.make(&random, secretPath: secretPath)
                        findings.check(hostile, answer: try await hostile.send(port: port), index: index)
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// How long a `GET /style.css` takes on a new connection; throws when it is not a 200.
    private static func timedNormalRequest(port: Int) async throws -> Duration {
        let start = ContinuousClock.now
        let response = try await RawResponse.get(port: port, "/style.css")
        guard response.status == 200, response.text.hasPrefix("body { color") else {
            throw TestError("the normal request got \(response.status)")
        }
        return ContinuousClock.now - start
    }

    /// The process's resident memory (the server runs in it), from /proc.
    private static func residentBytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }
}

/// What the fuzz run saw: the cases by kind, the problems, the probes' times.
private final class Findings: Sendable {
    struct Report {
        var kinds: [String: Int] = [:]
        var problems: [String] = []
        var probes = 0
        var slowestProbe = Duration.zero
    }

    private let state = Mutex(Report())
    private let baseline = Mutex<Int?>(nil)
    private let cases = Atomic(0)
    private let finished = Atomic(false)

    /// The index of the next case to run.
    func nextCase() -> Int { cases.add(1, ordering: .relaxed).oldValue }

    var isFinished: Bool { finished.load(ordering: .relaxed) }

    func finish() { finished.store(true, ordering: .relaxed) }

    var report: Report { state.withLock { $0 } }
    var baselineMemory: Int? {
        get { baseline.withLock { $0 } }
        set { baseline.withLock { $0 = newValue } }
    }

    func probe(_ time: Duration) {
        state.withLock { report in
            report.probes += 1
            report.slowestProbe = max(report.slowestProbe, time)
        }
    }

    func check(_ request: HostileRequest, answer: HostileRequest.Answer, index: Int) {
        var problems: [String] = []
        let text = String(decoding: answer.bytes, as: UTF8.self)
        if text.contains(TestSite.secret) { problems.append("case \(index) (\(request.kind)) leaked the secret") }
        if text.contains("root:x:0:0") { problems.append("case \(index) (\(request.kind)) leaked /etc/passwd") }
        // A 5xx is the server failing at what it was asked, not refusing it.
        if text.contains("HTTP/1.1 5") { problems.append("case \(index) (\(request.kind)) answered \(text.prefix(40).debugDescription)") }
        if !answer.bytes.isEmpty && !text.hasPrefix("HTTP/1.") { problems.append("case \(index) (\(request.kind)) answered \(text.prefix(40).debugDescription)") }
        if request.expectsClose && !answer.closed {
            problems.append("case \(index) (\(request.kind)) was not closed within the header timeout")
        }
        state.withLock { report in
            report.kinds[request.kind, default: 0] += 1
            report.problems += problems
        }
    }
}

/// One fuzz case: the bytes a client sends, and how it sends them.
struct HostileRequest {
    enum Pace {
        /// All at once, then the client's side is closed: the server answers and closes.
        case whole
        /// In pieces with pauses between them, then closed.
        case slow(pieces: Int, pause: Duration)
        /// Part of it, and the connection left open: the server must close it.
        case partial
    }

    /// What the server sent back, and whether it closed the connection.
    struct Answer {
        var bytes: [UInt8]
        var closed: Bool
    }

    var kind: String
    var bytes: [UInt8]
    var pace = Pace.whole

    var expectsClose: Bool {
        if case .partial = pace { true } else { false }
    }

    func send(port: Int) async throws -> Answer {
        let connection = try RawConnection(port: port)
        switch pace {
        case .whole:
            try? connection.send(bytes)
            connection.finishSending()
            try await connection.read(timeout: .seconds(3))
        case .slow(let pieces, let pause):
            let size = max(1, bytes.count / pieces)
            for start in stride(from: 0, to: bytes.count, by: size) where !connection.isClosed {
                try? connection.send(Array(bytes[start..<min(bytes.count, start + size)]))
                try await connection.read(timeout: pause)
            }
            connection.finishSending()
            try await connection.read(timeout: .seconds(3))
        case .partial:
            try? connection.send(bytes)
            // Closed once the header timeout has passed: a second of slack for a busy machine.
            try await connection.read(timeout: ServeFuzzTests.headerTimeout + .milliseconds(1500))
        }
        return Answer(bytes: connection.received, closed: connection.isClosed)
    }

    // MARK: Generating

    static func make(_ random: inout SplitMix64, secretPath: String) -> HostileRequest {
        switch random.below(100) {
        case 0..<40: return HostileRequest(kind: "random", bytes: Array(randomRequest(&random, secretPath: secretPath).utf8))
        case 40..<70: return HostileRequest(kind: "mutated", bytes: mutate(Array(randomRequest(&random, secretPath: secretPath).utf8), &random))
        case 70..<80:
            let count = 2 + random.below(5)
            let requests = (0..<count).map { _ in randomRequest(&random, secretPath: secretPath, keepAlive: true) }
            return HostileRequest(kind: "pipelined", bytes: Array(requests.joined().utf8))
        case 80..<85: return HostileRequest(kind: "garbage", bytes: (0..<random.below(300)).map { _ in UInt8(random.below(256)) })
        case 85..<94:
            let request = Array(randomRequest(&random, secretPath: secretPath).utf8)
            return HostileRequest(kind: "slow", bytes: request, pace: .slow(pieces: 2 + random.below(6), pause: .milliseconds(20 + random.below(120))))
        default:
            let request = Array(randomRequest(&random, secretPath: secretPath, withBody: false).utf8)
            // Never the blank line that ends the head.
            let cut = request.count - 4 - random.below(min(request.count - 4, 40))
            return HostileRequest(kind: "partial", bytes: Array(request[..<cut]), pace: .partial)
        }
    }

    private static let odd = (
        methods: ["POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT", "get", "G\u{0}T", "GETT", ""],
        versions: ["HTTP/1.0", "HTTP/2.0", "HTTP/0.9", "HTTP/1.1 ", "http/1.1", "HTTP/1.12", ""]
    )
    private static let paths = [
        "/", "/posts/", "/posts", "/style.css", "/app.js", "/blob.bin", "/404.html", "/inside.css", "/nothing", "/posts/index.html",
        "/_owl/", "/_owl/owl.js", "/%70osts/", "/style.css?x=1#frag", "*", "/posts/./index.html", "/posts/%2e/index.html",
    ]
    private static let headerNames = [
        "Range", "If-Range", "If-Modified-Since", "If-Unmodified-Since", "If-None-Match", "If-Match", "Accept-Encoding",
        "Content-Length", "Transfer-Encoding", "Connection", "Host", "Expect", "Upgrade", "Content-Encoding", "Cookie", "X-Anything",
    ]

    private static func target(_ random: inout SplitMix64, secretPath: String) -> String {
        switch random.below(10) {
        case 0..<4: return random.pick(paths)
        case 4..<6: return random.pick(TraversalTests.attempts + [secretPath, secretPath + "%00.html"])
        // The links in the folder that lead out of it.
        case 6: return random.pick(["/leak.txt", "/leakdir/secret.txt", "/leakdir/", "/%6ceak.txt", "/leakdir/./secret.txt"])
        case 7:
            // Percent-encodings, valid and not, of random bytes.
            return "/" + (0..<random.below(12)).map { _ in
                random.below(3) == 0 ? "%" + String(random.below(256), radix: 16) : String(Character(Unicode.Scalar(UInt8(33 + random.below(94)))))
            }.joined()
        case 8: return "/" + String(repeating: random.pick(["a", "../", "%2e%2e/", "/", "é"]), count: 1 + random.below(3000))
        default: return random.pick(["http://127.0.0.1/", "http://[::1]:1/posts/", "//", "/\u{1}", "/a b", "/\u{7F}", "?", ""])
        }
    }

    private static func headerValue(_ name: String, _ random: inout SplitMix64) -> String {
        let number = random.pick(["0", "1", "5", "19", "20", "-1", "9223372036854775807", "9223372036854775808", "99999999999999999999", "", "0x10", "1e3"])
        switch name {
        case "Range":
            return random.pick(["bytes=", "bytes=\(number)-\(number)", "bytes=-\(number)", "bytes=\(number)-", "bytes=0-1,2-3",
                "bytes=\(number)-\(number),\(number)-", "items=0-1", "bytes=--", "bytes=1-0", "bytes=\u{0}"])
        case "If-Range", "If-Modified-Since", "If-Unmodified-Since":
            let year = random.pick(["1994", "-2147483648", "2147483648", "99999", "0000", "9999", "-1", "1e9", "19 94"])
            let day = random.pick(["06", "00", "32", "99", "-1", "6"])
            let time = random.pick(["08:49:37", "99:99:99", "24:00:60", "-1:-1:-1", "::", "8:9:7"])
            return random.pick(["Sun, \(day) Nov \(year) \(time) GMT", "Sunday, \(day)-Nov-\(year) \(time) GMT",
                "Sun Nov  6 \(time) \(year)", "\"tag\"", "W/\"tag\"", "Sun, \(day) Foo \(year) \(time) PDT", "(", "Sun,"])
        case "If-None-Match", "If-Match": return random.pick(["*", "\"x\"", "W/\"x\", \"y\"", "\"", "W/", ""])
        case "Accept-Encoding", "Content-Encoding": return random.pick(["gzip", "br;q=1, gzip;q=0", "*", "deflate, x-\u{1}", "identity;q=0"])
        case "Content-Length": return number
        case "Transfer-Encoding": return random.pick(["chunked", "gzip, chunked", "identity", "chunked, chunked", "x"])
        case "Connection": return random.pick(["close", "keep-alive", "Upgrade", "close, close", ""])
        default: return String(repeating: random.pick(["a", "é", "\u{1}", " ", ":", "\r", "\n"]), count: random.below(random.below(10) == 0 ? 90_000 : 50))
        }
    }

    /// A request of random parts, most of them plausible; with `keepAlive` it does not ask
    /// for the connection to close (pipelined requests follow it); without `withBody`,
    /// nothing follows its head.
    static func randomRequest(_ random: inout SplitMix64, secretPath: String, keepAlive: Bool = false, withBody: Bool = true) -> String {
        // Mostly well formed, so that most requests reach the files.
        let method = random.below(4) > 0 ? random.pick(["GET", "HEAD"]) : random.pick(odd.methods)
        let version = random.below(6) > 0 ? "HTTP/1.1" : random.pick(odd.versions)
        var lines = ["\(method) \(target(&random, secretPath: secretPath)) \(version)"]
        if random.below(10) > 0 { lines.append("Host: 127.0.0.1") }
        for _ in 0..<random.below(6) {
            let name = random.pick(headerNames)
            lines.append("\(name): \(headerValue(name, &random))")
        }
        if !keepAlive && random.below(2) == 0 { lines.append("Connection: close") }
        var request = lines.joined(separator: random.below(20) == 0 ? "\n" : "\r\n") + "\r\n\r\n"
        if withBody && random.below(5) == 0 {
            request += random.pick(["hello", "5\r\nhello\r\n0\r\n\r\n", "zz\r\n", String(repeating: "x", count: random.below(5000))])
        }
        return request
    }

    /// `bytes` with one to eight random mutations: bytes flipped, inserted, removed,
    /// repeated, or the tail cut off.
    static func mutate(_ bytes: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<(1 + random.below(8)) where !bytes.isEmpty {
            let at = random.below(bytes.count)
            switch random.below(5) {
            case 0: bytes[at] ^= UInt8(1 << random.below(8))
            case 1: bytes.insert(UInt8(random.below(256)), at: at)
            case 2: bytes.remove(at: at)
            case 3: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + random.below(64))], at: at)
            default: bytes.removeLast(random.below(bytes.count - at))
            }
        }
        return bytes
    }
}

/// A small, seeded, reproducible generator (SplitMix64).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (0 when `bound` is 0).
    mutating func below(_ bound: Int) -> Int {
        Int.random(in: 0..<max(1, bound), using: &self)
    }

    mutating func pick<T>(_ choices: [T]) -> T {
        choices[below(choices.count)]
    }
}
