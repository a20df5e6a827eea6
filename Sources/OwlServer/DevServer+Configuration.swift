extension DevServer {
    /// Where the dev server listens, what it serves, and what it watches.
    public struct Configuration: Sendable {
        /// The folder served: the site's build output.
        public var output: String
        /// The address to listen on; loopback unless asked otherwise.
        public var host: String
        /// The port; 0 picks a free one (the `listening` event names it).
        public var port: Int
        /// The sources to watch for rebuilds; nil serves without watching.
        public var watching: WatchedSources?
        /// How changes are grouped into one rebuild.
        var watchBurst = SourceWatcher.Burst()
        /// How long a connection may go without sending a whole request head, after it
        /// opened or its last answer was sent, before it is closed.
        var idleTimeout = Duration.seconds(5)

        /// A configuration serving `output` on `host:port`, rebuilding when `watching` changes.
        public init(output: String, host: String = "127.0.0.1", port: Int = 8000, watching: WatchedSources?) {
            self.output = output
            self.host = host
            self.port = port
            self.watching = watching
        }
    }
}
