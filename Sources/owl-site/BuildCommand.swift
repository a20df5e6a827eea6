import ArgumentParser
import Foundation
import OwlSite

/// `owl-site build`: Markdown content to a complete static site.
struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site in SOURCE into OUTPUT, replacing it only when the build succeeds."
    )

    @OptionGroup var folders: SiteFolderOptions

    @Flag(name: .long, help: "Include drafts and future-dated posts.")
    var drafts = false

    @Option(name: .long, help: ArgumentHelp("The URL the site is served from, e.g. https://example.com/blog/.", valueName: "url"))
    var baseURL: String?

    @Flag(name: .long, help: "Print nothing but errors.")
    var quiet = false

    func run() async throws {
        let options = folders.buildOptions(includeDrafts: drafts, baseURL: baseURL, quiet: quiet)
        do {
            // Awaited: a thread of the system's queues waiting for the build would leave the
            // build's own work on those queues a thread short.
            let report = try await SiteBuilder(options: options).build()
            if !quiet {
                reportWarnings(report.warnings)
                if isatty(STDOUT_FILENO) == 1 || isatty(STDERR_FILENO) == 1 { print(report.summary) }
            }
        } catch {
            throw ExitCode.failure(reporting: error)
        }
    }
}
