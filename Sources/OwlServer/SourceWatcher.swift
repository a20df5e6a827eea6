import Foundation
import Synchronization

/// Watches a site's sources and reports each burst of changes once.
///
/// Editors save in several steps (a temporary file, a rename, attribute changes);
/// changes that follow each other within the burst's quiet period form one burst,
/// reported when the sources have been quiet that long (or after its longest
/// duration, if they never are).
enum SourceWatcher {
    /// How changes are grouped into bursts.
    struct Burst: Sendable {
        /// Changes this close together belong to one burst.
        var quietPeriod: Duration = .milliseconds(30)
        /// A burst that lasts this long is reported even while changes go on.
        var longest: Duration = .milliseconds(250)
    }

    /// A running watcher: one element of `bursts` per burst of changes, until the
    /// consumer stops listening or the watcher is stopped.
    struct Running: Sendable {
        let bursts: AsyncStream<Void>
        fileprivate let stopped: StopSignal

        /// Stops watching, whether or not anyone listened.
        func stop() { stopped.stop() }
    }

    /// Starts watching `sources` with inotify; changes made once this returns are seen.
    /// Throws ``DevServerError/cannotWatch(_:)`` when inotify refuses (too many watchers).
    static func start(watching sources: WatchedSources, burst: Burst = Burst()) throws(DevServerError) -> Running {
        let watching = try InotifyDetector(sources: sources)
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let stopped = StopSignal()
        continuation.onTermination = { _ in stopped.stop() }
        let thread = Thread {
            var detector = watching
            report(from: &detector, to: continuation, until: stopped, burst: burst)
            detector.close()
            continuation.finish()
        }
        thread.name = "owl-site watcher"
        thread.start()
        return Running(bursts: stream, stopped: stopped)
    }

    private static func report(
        from detector: inout InotifyDetector,
        to continuation: AsyncStream<Void>.Continuation,
        until stopped: StopSignal,
        burst: Burst
    ) {
        let quiet = Int32(burst.quietPeriod / .milliseconds(1))
        let clock = ContinuousClock()
        while !stopped.isStopped {
            guard detector.waitForActivity(milliseconds: 100) == .sourceChanged else { continue }
            // Any activity, even on files that are not sources, extends the burst.
            let start = clock.now
            while !stopped.isStopped, clock.now - start < burst.longest, detector.waitForActivity(milliseconds: quiet) != .none {}
            continuation.yield()
        }
    }
}

/// A one-way flag shared between threads.
final class StopSignal: Sendable {
    private let flag = Atomic(false)

    var isStopped: Bool { flag.load(ordering: .acquiring) }

    func stop() { flag.store(true, ordering: .releasing) }
}
