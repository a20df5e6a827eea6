import ArgumentParser
import Foundation
import OwlSite

/// `owl-site build`: Markdown content to a complete static site.
struct BuildCommand: ParsableCommand {
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

    func run() throws {
        let options = folders.buildOptions(includeDrafts: drafts, baseURL: baseURL, quiet: quiet)
        do {
            let report = try SiteBuilder(options: options).build()
            if !quiet {
                reportWarnings(report.warnings)
                if isatty(STDOUT_FILENO) == 1 || isatty(STDERR_FILENO) == 1 { print(report.summary) }
            }
        } catch {
            throw ExitCode.failure(reporting: error)
        }
    }
}
