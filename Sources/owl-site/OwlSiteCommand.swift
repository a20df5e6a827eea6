import ArgumentParser

/// `owl-site`: a static site generator whose pages animate from one build to the next.
@main
struct OwlSiteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "owl-site",
        abstract: "Builds static sites from Markdown whose lists animate from one build to the next.",
        subcommands: [
            BuildCommand.self,
            DiffCommand.self,
            ServeCommand.self,
        ]
    )

    /// ArgumentParser's own `main`, after tuning the allocator when the command is `build`
    /// (which must happen before the command's threads exist).
    static func main() async {
        if CommandLine.arguments.dropFirst().first == BuildCommand.configuration.commandName {
            BuildCommand.tuneAllocator()
        }
        await main(nil)
    }
}
