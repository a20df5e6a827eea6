import Foundation
import Synchronization

/// Watches a site's sources and reports each burst of changes once.
///
/// Editors save in several steps (a temporary file, a rename, attribute changes);
/// changes that follow each other within `quietPeriod` form one burst, reported when
/// the sources have been quiet that long (or after `longestBurst`, if they never are).
enum SourceWatcher {
    /// How change detection works.
    enum Strategy: Sendable {
        /// inotify, falling back to polling where it is unavailable.
        case automatic
        /// Snapshots compared at intervals.
        case polling
    }

    /// One element per burst of changes, until the consumer stops listening.
    static func changes(
        of sources: WatchedSources,
        strategy: Strategy = .automatic,
        quietPeriod: Duration = .milliseconds(30),
        longestBurst: Duration = .milliseconds(250)
    ) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let stopped = StopSignal()
        continuation.onTermination = { _ in stopped.stop() }
        let ready = DispatchSemaphore(value: 0)
        let thread = Thread {
            #if canImport(Glibc)
            if strategy == .automatic, var detector = InotifyDetector(sources: sources) {
                ready.signal()
                defer { detector.close() }
                report(from: &detector, to: continuation, until: stopped, quietPeriod: quietPeriod, longestBurst: longestBurst)
                return
            }
            #endif
            var detector = PollingDetector(sources: sources)
            ready.signal()
            report(from: &detector, to: continuation, until: stopped, quietPeriod: quietPeriod, longestBurst: longestBurst)
        }
        thread.name = "owl-site watcher"
        thread.start()
        // Changes made once this returns are seen: the watches are in place.
        ready.wait()
        return stream
    }

    private static func report(
        from detector: inout some ChangeDetector,
        to continuation: AsyncStream<Void>.Continuation,
        until stopped: StopSignal,
        quietPeriod: Duration,
        longestBurst: Duration
    ) {
        let quiet = Int32(quietPeriod.components.seconds * 1000 + quietPeriod.components.attoseconds / 1_000_000_000_000_000)
        let clock = ContinuousClock()
        while !stopped.isStopped {
            guard detector.waitForActivity(milliseconds: 100) == .sourceChanged else { continue }
            // Any activity, even on files that are not sources, extends the burst.
            let start = clock.now
            while !stopped.isStopped, clock.now - start < longestBurst, detector.waitForActivity(milliseconds: quiet) != .none {}
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
