import Foundation

/// An HTTP/1.1 response parsed from raw bytes.
struct RawResponse {
    var status: Int
    /// Header values by lowercased name.
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    init(parsing bytes: [UInt8]) throws {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else {
            throw TestError("no complete response head in \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusFields = lines[0].split(separator: " ")
        guard statusFields.count >= 2, let status = Int(statusFields[1]) else { throw TestError("bad status line \(lines[0])") }
        self.status = status
        headers = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        body = Array(bytes[(end + separator.count)...])
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

