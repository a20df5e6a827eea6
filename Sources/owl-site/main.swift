import ArgumentParser

// Until the root command lands (branch site), `owl-site` has only `diff`.
struct OwlSiteRoot: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "owl-site", subcommands: [DiffCommand.self])
}

OwlSiteRoot.main()
