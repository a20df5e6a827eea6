#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Hummingbird
import NIOCore
import NIOHTTPTypes

/// Answers requests for files already in memory on the event loop, in front of
/// Hummingbird's responder, and passes every other request on to it unchanged.
///
/// Hummingbird hands each request to a Swift task and its response back to the event
/// loop; for a file in ``FileCache`` that round trip costs more than the answer itself.
/// This handler sits in Hummingbird's HTTP/1 pipeline and answers a `GET` or `HEAD` in
/// place when the responder has already resolved its path to a file (``ResolutionCache``)
/// whose current version is cached, with the same ``Answer`` the responder would give.
/// It never resolves a path itself, so it only serves what the responder's checks
/// (``RequestTarget``, ``SiteFolder``) let into the caches.
///
/// Responses leave in request order: while a request passed on is unanswered, the ones
/// behind it are passed on too. From a request that may close the connection on, every
/// request is left to Hummingbird.
final class CachedFileHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let files: FileCache
    private let resolutions: ResolutionCache
    /// Whether requests may still be answered here: no request so far asked to close
    /// the connection or to change protocols (`Connection: close`, `upgrade`).
    private var answersInPlace = true
    /// Requests passed on whose response has not been written to its end.
    private var unanswered = 0
    /// Whether the body parts of the current request are passed on (its head was) or
    /// dropped (it was answered here).
    private var passesBodyOn = false
    /// Whether answers were written since the last flush.
    private var needsFlush = false
    private var date = (second: -1, text: "")

    /// A handler answering from `files` the paths `resolutions` remembers.
    init(files: FileCache, resolutions: ResolutionCache) {
        self.files = files
        self.resolutions = resolutions
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            // After a request that may close the connection, every request is Hummingbird's.
            if request.headerFields[.connection].map({ $0.lowercased() != "keep-alive" }) == true {
                answersInPlace = false
            }
            if answersInPlace, unanswered == 0, context.channel.isWritable, let answer = cachedAnswer(to: request) {
                passesBodyOn = false
                write(answer, context: context)
            } else {
                passesBodyOn = true
                unanswered += 1
                context.fireChannelRead(data)
            }
        case .body, .end:
            if passesBodyOn { context.fireChannelRead(data) }
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if needsFlush {
            needsFlush = false
            context.flush()
        }
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { unanswered -= 1 }
        context.write(data, promise: promise)
    }

    /// The answer to `request` from memory; nil when the responder must answer.
    private func cachedAnswer(to request: HTTPRequest) -> Answer? {
        guard request.method == .get || request.method == .head,
            let (path, status) = resolutions.rememberedFile(for: request.path ?? ""),
            let file = files.cachedFile(at: path, status: status)
        else { return nil }
        // Compressing is the responder's work; the gzip form is answered here once it is made.
        var notCompressedYet = false
        // With the file in memory, the answer's body is never `.file`.
        let answer = Answer(to: request, file: file, status: status, headers: file.headers) { file in
            if file.gzipped == nil { notCompressedYet = true }
            return file.gzipped
        }
        return notCompressedYet ? nil : answer
    }

    /// Writes `answer` as the responder's response would go out: same head, same body,
    /// and the `Date` header Hummingbird adds.
    private func write(_ answer: consuming Answer, context: ChannelHandlerContext) {
        let body = answer.body
        // Consumed, the answer leaves the head the only owner of its fields: `Date` is
        // added in place.
        var head = Response(consume answer).head
        head.headerFields[.date] = currentDate()
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if case .bytes(let bytes) = body {
            context.write(wrapOutboundOut(.body(bytes)), promise: nil)
        }
        context.write(wrapOutboundOut(.end(nil)), promise: nil)
        needsFlush = true
    }

    /// The current time as an HTTP date, formatted once a second.
    private func currentDate() -> String {
        let now = Int(time(nil))
        if now != date.second { date = (now, HTTPDate.format(now)) }
        return date.text
    }
}
