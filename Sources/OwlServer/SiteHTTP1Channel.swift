import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1 channel with ``HTTP10ConnectionHandler`` in front of its HTTP
/// types codec, where requests still carry their HTTP version.
struct SiteHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    let base: HTTP1Channel

    var responder: Responder { base.responder }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let codec = try pipeline.handler(type: HTTP1ToHTTPServerCodec.self)
            try pipeline.addHandler(HTTP10ConnectionHandler(), position: .before(codec))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// ``SiteHTTP1Channel``: Hummingbird's HTTP/1 with `configuration`, HTTP/1.0 connections
    /// closed as that version asks.
    static func siteHTTP1(configuration: HTTP1Channel.Configuration) -> HTTPServerBuilder {
        .init { responder in SiteHTTP1Channel(base: HTTP1Channel(responder: responder, configuration: configuration)) }
    }
}
