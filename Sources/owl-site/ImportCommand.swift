import ArgumentParser
import Foundation
import OwlSite

/// `owl-site import jekyll|hugo|zola SOURCE`: a new owl-site folder from another generator's site.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Make an owl-site folder from a Jekyll, Hugo or Zola site, keeping the address of every page.",
        discussion: "Writes content/, static/, data/ and owl.yml into a new folder (never over an existing one) and prints what it could not carry, by file and line."
    )

    @Argument(help: ArgumentHelp("The generator of the site: jekyll, hugo or zola.", valueName: "generator"))
    var generator: String

    @Argument(help: ArgumentHelp("The site's folder.", valueName: "source"))
    var source: String

    @Option(name: .long, help: ArgumentHelp("The new owl-site folder (default: SOURCE-owl beside it).", valueName: "dir"))
    var output: String?

    func validate() throws {
        guard SiteImporter.Generator(rawValue: generator) != nil else {
            throw ValidationError("the generator is one of \(SiteImporter.Generator.allCases.map(\.rawValue).joined(separator: ", ")), not '\(generator)'.")
        }
    }

    func run() throws {
        let sourceURL = URL(fileURLWithPath: source).standardizedFileURL
        let outputURL = output.map { URL(fileURLWithPath: $0).standardizedFileURL }
            ?? sourceURL.deletingLastPathComponent().appendingPathComponent(sourceURL.lastPathComponent + "-owl")
        do {
            let report = try SiteImporter(generator: SiteImporter.Generator(rawValue: generator)!, source: sourceURL, output: outputURL).run()
            for note in report.notCarried { FileHandle.standardError.write(Data("not carried: \(note)\n".utf8)) }
            print("wrote \(report.writtenFiles) files to \(outputURL.path); \(report.notCarried.count) things not carried")
        } catch {
            throw ExitCode.failure(reporting: error)
        }
    }
}
