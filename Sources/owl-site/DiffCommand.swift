import ArgumentParser
import Foundation
import OwlSite

/// `owl-site diff OLD NEW`: what changed between two builds, page by page, and the per-page
/// patches between them.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two build folders: pages added, removed and changed, section by section, cell by cell."
    )

    @Argument(help: "The older build folder.")
    var old: String

    @Argument(help: "The newer build folder.")
    var new: String

    @Flag(help: "Write the per-page patches (and state files naming them) into NEW/_owl/ for browsers holding OLD's pages.")
    var write = false

    @Flag(help: "Print the differences as JSON.")
    var json = false

    @Flag(help: "Exit with 1 when the builds differ, as git diff does.")
    var exitCode = false

    func run() throws {
        let differs: Bool
        do {
            differs = try compare()
        } catch {
            throw ExitCode.failure(reporting: error)
        }
        if exitCode && differs { throw ExitCode(1) }
    }

    /// Prints the differences (and writes the patch, when asked); whether the builds differ.
    private func compare() throws -> Bool {
        // OLD first: when neither is a build folder, the message names the first one given.
        let oldFolder = try BuildFolder(URL(fileURLWithPath: old))
        let newFolder = try BuildFolder(URL(fileURLWithPath: new))
        let diff = try BuildDiff(from: oldFolder, to: newFolder)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(diff), as: UTF8.self))
        } else {
            print(diff.summary)
        }
        if write {
            let files = try newFolder.write(diff)
            if !json { for file in files { print("wrote \(file.path)") } }
        }
        return diff.differs
    }
}
