import ArgumentParser
import Foundation
import OwlSite

/// `owl-site new PATH`: starts a Markdown page, as a draft.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Start a page in content/: a title from its name, today's date, and draft: true (builds leave it out until that line goes)."
    )

    @Argument(help: ArgumentHelp("The page below content/: posts/my-trip.md, or posts/my-trip/ for a page bundle.", valueName: "path"))
    var path: String

    @Option(name: .long, help: ArgumentHelp("The site folder.", valueName: "dir"))
    var source: String = "."

    func run() throws {
        do {
            let page = try NewPage(path: path, now: Date())
            try page.write(into: URL(fileURLWithPath: source))
            print("created \(page.file)")
        } catch {
            throw ExitCode.failure(reporting: error)
        }
    }
}
