import OwlSite
import ServiceLifecycle

/// Runs beside the HTTP server: rebuilds after each burst of source changes,
/// announces the outcome, keeps idle event streams alive, and ends them at shutdown.
struct LiveService: Service {
    static let keepAliveInterval = Duration.seconds(15)

    let events: LiveEvents
    let rebuilder: SiteRebuilder
    /// The URL each build is given.
    let address: ServedAddress
    /// Bursts of source changes, each calling for a build; nil when not watching.
    let changes: AsyncStream<Void>?
    let report: @Sendable (DevServer.Event) -> Void
    /// The site folder, where an error's excerpt is read; nil: errors go without one.
    let siteFolder: String?

    func run() async throws {
        await withTaskGroup(of: Void.self) { group in
            if let changes {
                group.addTask {
                    for await _ in changes { await rebuild() }
                }
            }
            group.addTask {
                while (try? await Task.sleep(for: Self.keepAliveInterval)) != nil { events.keepAlive() }
            }
            try? await gracefulShutdown()
            events.finish()
            group.cancelAll()
        }
    }

    /// Builds the site once and announces the new build or the failure.
    func rebuild() async {
        let start = ContinuousClock.now
        switch await rebuilder.rebuild(servedAt: address.current) {
        case .success(let build):
            events.built(changedPages: build.changedPages)
            report(.built(build, ContinuousClock.now - start))
        case .failure(let failure):
            var excerpt: [SourceExcerpt.Line]?
            if let siteFolder, let file = failure.file, let line = failure.line {
                excerpt = SourceExcerpt.lines(around: line, of: file, in: siteFolder)
            }
            events.failed(failure, excerpt: excerpt)
            report(.failed(failure))
        }
    }
}
