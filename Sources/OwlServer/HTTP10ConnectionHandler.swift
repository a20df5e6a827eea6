import NIOCore
import NIOHTTP1

/// Ends an HTTP/1.0 connection after its response unless the request asked to keep it,
/// and tells an HTTP/1.0 client that asked to keep it that it is kept.
///
/// An HTTP/1.0 connection closes after each response unless the request says
/// `Connection: keep-alive` (RFC 9112 §9.3), and a client such as ApacheBench waits for
/// that close, or for a `Connection: keep-alive` in the response. Hummingbird sees requests
/// as ``HTTPRequest``s, which carry no version, so it keeps every connection open: this
/// handler sits in front of the HTTP types codec, where the version is still known.
/// HTTP/1.1 requests pass through untouched.
final class HTTP10ConnectionHandler: ChannelDuplexHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// What a response does with the connection.
    private enum Persistence {
        /// HTTP/1.1: as the request's and response's own headers say.
        case http11
        /// HTTP/1.0 asking for keep-alive: kept, and the response says so.
        case keptAlive
        /// HTTP/1.0 otherwise: closed once the response is written.
        case closed
    }

    /// One entry for each request whose response has not ended, in request order.
    private var unanswered = CircularBuffer<Persistence>()
    /// Whether a request that closes the connection was read: what follows it is dropped.
    private var closingRequestRead = false
    /// Whether the parts being read belong to a request after the closing one.
    private var dropsInput = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let head) = unwrapInboundIn(data) {
            dropsInput = closingRequestRead
            if !dropsInput {
                let persistence: Persistence =
                    head.version != .http1_0 ? .http11 : head.isKeepAlive ? .keptAlive : .closed
                unanswered.append(persistence)
                closingRequestRead = persistence == .closed
            }
        }
        if !dropsInput { context.fireChannelRead(data) }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where head.status.code >= 200:
            switch unanswered.first {
            case .keptAlive?: head.headers.replaceOrAdd(name: "Connection", value: "keep-alive")
            case .closed?: head.headers.replaceOrAdd(name: "Connection", value: "close")
            case .http11?, nil: break
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end where unanswered.popFirst() == .closed:
            let written = promise ?? context.eventLoop.makePromise()
            let channel = context.channel
            written.futureResult.whenComplete { _ in channel.close(promise: nil) }
            context.write(data, promise: written)
        default:
            context.write(data, promise: promise)
        }
    }
}
