import ArgumentParser
import Foundation
import OwlSite

/// `--source` and `--output`: the folders of the commands that build a site.
struct SiteFolderOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The site folder (content/, Templates/, static/, data/, owl.yml).", valueName: "dir"))
    var source: String = "."

    @Option(name: .long, help: ArgumentHelp("The output folder (default: public/ inside the source).", valueName: "dir"))
    var output: String?

    /// What to build from these folders.
    func buildOptions(includeDrafts: Bool = false, baseURL: String?, quiet: Bool) -> BuildOptions {
        BuildOptions(
            source: URL(fileURLWithPath: source),
            output: output.map { URL(fileURLWithPath: $0) },
            includeDrafts: includeDrafts,
            baseURL: baseURL,
            quiet: quiet
        )
    }
}
