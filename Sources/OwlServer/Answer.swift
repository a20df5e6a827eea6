import Hummingbird

/// A response decided without waiting: status, headers, and where the body comes from.
///
/// The responder and the event-loop fast path (``CachedFileHandler``) both turn
/// requests into answers with the same code, so both send the same bytes.
struct Answer: Sendable {
    /// Where an answer's body comes from.
    enum Body: Sendable {
        /// No body: HEAD, 304, an empty file.
        case empty
        /// Bytes in memory.
        case bytes(ByteBuffer)
        /// This span of the file on disk, streamed when sent.
        case file(ClosedRange<Int>)
    }

    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: Body

    /// A short plain-text answer naming the status, without body for `HEAD`.
    static func message(_ status: HTTPResponse.Status, extraHeaders: HTTPFields = [:], method: HTTPRequest.Method) -> Answer {
        var headers = extraHeaders
        headers[.contentType] = "text/plain; charset=utf-8"
        let text = ByteBuffer(string: "\(status.code) \(status.reasonPhrase)\n")
        headers[.contentLength] = String(text.readableBytes)
        return Answer(status: status, headers: headers, body: method == .head ? .empty : .bytes(text))
    }
}

extension Response {
    /// The response `answer` describes; a `.file` answer's body is `streamed`.
    init(_ answer: Answer, streamed: ResponseBody = .init()) {
        switch answer.body {
        case .empty: self.init(status: answer.status, headers: answer.headers)
        case .bytes(let bytes): self.init(status: answer.status, headers: answer.headers, body: .init(byteBuffer: bytes))
        case .file: self.init(status: answer.status, headers: answer.headers, body: streamed)
        }
    }
}
