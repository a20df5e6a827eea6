import Foundation

/// An HTTP/1.1 response parsed from raw bytes.
struct RawResponse {
    var status: Int
    /// Header values by lowercased name.
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    init(parsing bytes: [UInt8]) throws {
        guard let end = Self.headEnd(in: bytes[...]) else {
            throw TestError("no complete response head in \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
        try self.init(head: bytes[..<end], body: bytes[(end + 4)...])
    }

    private init(head: ArraySlice<UInt8>, body: ArraySlice<UInt8>) throws {
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let statusFields = lines[0].split(separator: " ")
        guard statusFields.count >= 2, let status = Int(statusFields[1]) else { throw TestError("bad status line \(lines[0])") }
        self.status = status
        headers = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        self.body = Array(body)
    }

    /// Where the blank line ending a response head starts.
    private static func headEnd(in bytes: ArraySlice<UInt8>) -> Int? {
        let separator = Array("\r\n\r\n".utf8)
        return bytes.indices.first { bytes[$0...].starts(with: separator) }
    }

    /// The responses to pipelined requests read from one connection, in order, once all
    /// have arrived; nil before. `hasBody[i]` is false when request `i` was a `HEAD`.
    static func sequence(in bytes: [UInt8], hasBody: [Bool]) throws -> [RawResponse]? {
        var responses: [RawResponse] = []
        var offset = 0
        for withBody in hasBody {
            guard let end = headEnd(in: bytes[offset...]) else { return nil }
            let head = try RawResponse(head: bytes[offset..<end], body: [])
            let length = withBody ? Int(head.headers["content-length"] ?? "0") ?? 0 : 0
            guard bytes.count >= end + 4 + length else { return nil }
            responses.append(try RawResponse(head: bytes[offset..<end], body: bytes[(end + 4)..<(end + 4 + length)]))
            offset = end + 4 + length
        }
        return responses
    }

    /// Sends `request` on a new connection and reads until the server closes it.
    static func exchange(port: Int, _ request: String) async throws -> RawResponse {
        try await exchange(port: port, bytes: Array(request.utf8))
    }

    static func exchange(port: Int, bytes: [UInt8]) async throws -> RawResponse {
        let connection = try RawConnection(port: port)
        try connection.send(bytes)
        try await connection.read()
        return try RawResponse(parsing: connection.received)
    }

    /// A `GET` (or another method) of `target` with extra header lines, closing the connection after.
    static func get(port: Int, _ target: String, method: String = "GET", headers: [String] = []) async throws -> RawResponse {
        let head = ([ "\(method) \(target) HTTP/1.1", "Host: 127.0.0.1", "Connection: close"] + headers)
            .joined(separator: "\r\n")
        return try await exchange(port: port, head + "\r\n\r\n")
    }
}


extension RawConnection {
    /// Sends `request` and reads its response, leaving the connection open.
    func exchange(_ request: String, hasBody: Bool = true) async throws -> RawResponse {
        let start = received.count
        try send(request)
        try await read(until: { (try? RawResponse.sequence(in: Array($0[start...]), hasBody: [hasBody])) != nil })
        guard let response = try RawResponse.sequence(in: Array(received[start...]), hasBody: [hasBody])?.first else {
            throw TestError("no complete response to \(request.debugDescription)")
        }
        return response
    }
}
