import Foundation
import Testing
import TestSupport
@testable import OwlSite

/// Mutated sites, built by the real `owl-site build`: each case must end in success, or in
/// exit 1 with an error that names a source file, within a time limit, with the previous
/// output untouched. `OWL_FUZZ_CASES` cases (a few dozen by default; `make fuzz` runs
/// 5,000) from `OWL_FUZZ_SEED` on; a failing case's seed replays it alone:
/// `OWL_FUZZ_SEED=SEED OWL_FUZZ_CASES=1 swift test --filter BuildFuzzTests`.
@Suite struct BuildFuzzTests {
    static let caseCount = ProcessInfo.processInfo.environment["OWL_FUZZ_CASES"].flatMap(Int.init) ?? 40
    static let firstSeed = ProcessInfo.processInfo.environment["OWL_FUZZ_SEED"].flatMap { UInt64($0) } ?? 30_000
    /// A build of the small site takes a fraction of a second; one that runs this long hangs.
    static let timeLimit = 30.0

    /// What an error must begin with to name a source file.
    static let sourcePrefixes = ["owl.yml", "content", "data", "Templates", "static", "(built-in) Templates/"]

    @Test func mutatedSitesBuildOrFailNamingASourceAndKeepTheOutput() throws {
        let pristine = try FuzzSite.pristine()
        defer { try? FileManager.default.removeItem(at: pristine) }
        let site = try SiteFixture(nil)
        defer { site.remove() }
        try FuzzSite.restore(site.root, from: pristine)
        let first = try site.build()
        try #require(first.status == 0, "the unmutated site builds: \(first.standardError)")

        var failures: [String] = []
        var outcomes = (built: 0, refused: 0)
        for index in 0..<Self.caseCount {
            let seed = Self.firstSeed &+ UInt64(index)
            try FuzzSite.restore(site.root, from: pristine)
            var mutator = BuildFuzzMutator(root: site.root, random: SeededGenerator(seed: seed))
            let mutations = mutator.mutate()
            let before = folderHash(site.output)
            let run = try TimedRun.run(["build", "--source", site.root.path, "--quiet"], in: site.root, timeLimit: Self.timeLimit)
            let problem: String?
            switch run.ending {
            case .timedOut: problem = "still running after \(Int(Self.timeLimit)) s (killed)"
            case let .signalled(signal): problem = "crashed with signal \(signal): \(run.standardError.suffix(600))"
            case .exited(0):
                outcomes.built += 1
                problem = nil
            case .exited(1):
                outcomes.refused += 1
                let message = run.standardError.hasPrefix("error: ") ? run.standardError.dropFirst("error: ".count) : ""
                if !Self.sourcePrefixes.contains(where: { message.hasPrefix($0) }) {
                    problem = "an error naming no source file: \(run.standardError.prefix(400))"
                } else if folderHash(site.output) != before {
                    problem = "failed, and changed the previous output: \(run.standardError.prefix(300))"
                } else {
                    problem = nil
                }
            case let .exited(status): problem = "exit status \(status): \(run.standardError.prefix(400))"
            }
            if let problem {
                let failure = "seed \(seed) [\(mutations.joined(separator: "; "))]: \(problem)"
                failures.append(failure)
                print("BuildFuzzTests: FAILED \(failure)")  // at once: a long run that is stopped still tells
            }
            if (index + 1) % 250 == 0 {
                print("BuildFuzzTests: \(index + 1) of \(Self.caseCount) cases: \(outcomes.built) built, \(outcomes.refused) refused, \(failures.count) failed")
            }
        }
        #expect(failures.isEmpty, """
            \(failures.count) of \(Self.caseCount) cases failed; replay one with OWL_FUZZ_SEED=SEED OWL_FUZZ_CASES=1:
            \(failures.prefix(30).joined(separator: "\n"))
            """)
        // Both ends are reached: the mutations are neither all harmless nor all fatal.
        if Self.caseCount >= 40 { #expect(outcomes.built > 0 && outcomes.refused > 0, "\(outcomes)") }
        print("BuildFuzzTests: \(Self.caseCount) cases from seed \(Self.firstSeed): \(outcomes.built) built, \(outcomes.refused) refused, \(failures.count) failed")
    }
}

/// The site the fuzz cases start from: the basic fixture with a data file, theme overrides
/// and a page bundle, so that every kind of source is there to be mutated.
enum FuzzSite {
    /// The sources, in a temporary folder of their own.
    static func pristine() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("owl-fuzz-pristine-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: SiteFixture.fixtures.appendingPathComponent("basic"), to: folder)
        func write(_ path: String, _ text: String) throws {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try write("data/links.yml", "- name: Owl\n  url: https://example.com/\n")
        try write("data/team/owls.json", "{\"count\": 3, \"names\": [\"a\", \"b\"]}\n")
        for name in ["layouts/single", "partials/header"] {
            try write("Templates/\(name).mustache", EmbeddedTheme.files["\(name).mustache"]!)
        }
        try write("content/posts/trip/index.md", "---\ntitle: Trip\ndate: 2023-04-01\ntags: [travel]\naliases: [/old-trip/]\n---\n![Lake](lake.txt)\n")
        try write("content/posts/trip/lake.txt", "a lake\n")
        return folder
    }

    /// Puts the sources of `pristine` back into `root`, leaving the output, the folders beside
    /// it and the cache as the builds left them.
    static func restore(_ root: URL, from pristine: URL) throws {
        let kept: (String) -> Bool = { $0 == "public" || $0.hasPrefix(".public.owl-") || $0 == ".owl-cache" }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? [] where !kept(name) {
            try FileManager.default.removeItem(at: root.appendingPathComponent(name))
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: pristine.path) {
            try FileManager.default.copyItem(at: pristine.appendingPathComponent(name), to: root.appendingPathComponent(name))
        }
    }
}
