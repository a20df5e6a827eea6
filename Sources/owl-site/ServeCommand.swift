import ArgumentParser
import Foundation
import OwlServer
import OwlSite

/// `owl-site serve`: build, serve on a local address, rebuild on every save and update
/// the open pages live.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site, serve it locally, and rebuild and animate open pages when sources change."
    )

    @OptionGroup var folders: SiteFolderOptions

    @Option(name: .long, help: "The address to listen on; loopback unless you ask otherwise.")
    var host: String = "127.0.0.1"

    @Option(name: .long, help: "The port to listen on.")
    var port: Int = 8000

    @Flag(name: .long, help: "Include drafts and future-dated posts.")
    var drafts = false

    @Flag(name: .customLong("no-watch"), help: "Serve without watching the sources for changes.")
    var noWatch = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard !host.isEmpty else { throw ValidationError("--host must name an address, such as 127.0.0.1 or ::1.") }
    }

    func run() async throws {
        let options = folders.buildOptions(includeDrafts: drafts, baseURL: nil, quiet: true)
        let server = DevServer(
            configuration: .init(
                output: options.output.path,
                host: host,
                port: port,
                watching: noWatch ? nil : WatchedSources(root: options.source.path)
            ),
            rebuilder: SiteRebuilder { serverURL in
                var options = options
                options.baseURL = serverURL
                do {
                    let report = try SiteBuilder(options: options).build()
                    return BuiltSite(
                        id: report.buildID, warnings: report.warnings.map(\.description),
                        changedPages: report.changedPageKeys
                    )
                } catch let error as SiteError {
                    throw BuildFailure(message: error.description, file: error.file, line: error.line)
                }
            }
        )
        do {
            // Folders that are not for a site are refused, not served as a failed build's output would be.
            try options.checkFolders()
            try await server.run(report: Self.print)
        } catch {
            throw ExitCode.failure(reporting: error)
        }
    }

    /// What the terminal shows while the server runs.
    @Sendable private static func print(_ event: DevServer.Event) {
        switch event {
        case .listening(let host, let port):
            write("Serving at \(DevServer.url(host: host, port: port)) (Ctrl-C to stop)", to: .standardOutput)
        case .built(let build, let duration):
            reportWarnings(build.warnings)
            let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
            write("built \(build.id) in \(milliseconds) ms", to: .standardOutput)
        case .failed(let failure):
            write("error: \(failure.message)", to: .standardError)
        }
    }

    /// Writes a line at once, unbuffered, so that a pipe sees it while the server runs.
    private static func write(_ line: String, to handle: FileHandle) {
        handle.write(Data((line + "\n").utf8))
    }
}
