import ArgumentParser

/// `owl-site`: a static site generator whose pages animate from one build to the next.
@main
struct OwlSiteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "owl-site",
        abstract: "Builds static sites from Markdown whose lists animate from one build to the next.",
        version: "0.1.0",
        subcommands: [
            BuildCommand.self,
            DiffCommand.self,
            ImportCommand.self,
            NewCommand.self,
            ServeCommand.self,
        ]
    )
}
