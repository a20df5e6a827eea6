import Foundation
import Owl

/// `owl-bench edits`: what a one-post edit costs on a site of 10,000 generated posts
/// (`OWL_BENCH_POSTS`): the files it changes in the output, owl-site next to Hugo 0.111 on
/// the same posts and the same edit (what a deploy uploads), and the time of the
/// `owl-site build` process that makes the change next to the rebuild `hugo server` makes of
/// the same edit (``HugoServer``), for a body edit and for a title edit.
enum EditBenchmarks {
    static func run() {
        let count = Int(ProcessInfo.processInfo.environment["OWL_BENCH_POSTS"] ?? "") ?? 10_000
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let material = root.appendingPathComponent("Benchmarks/build")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("owl-bench-edits")
        BuildBenchmarks.delete(work)
        BuildBenchmarks.waitOutRecentDeletes()
        let site = work.appendingPathComponent("site"), hugo = work.appendingPathComponent("hugo")
        let output = site.appendingPathComponent("public")
        do {
            try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
            try BuildBenchmarks.shell("python3", material.appendingPathComponent("gen_content.py").path, site.appendingPathComponent("content").path, "\(count)")
            try FileManager.default.copyItem(at: material.appendingPathComponent("hugo-site"), to: hugo)
            try FileManager.default.createDirectory(at: hugo.appendingPathComponent("content"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: site.appendingPathComponent("content/posts"), to: hugo.appendingPathComponent("content/posts"))

            // A cold build, then two edits: from the second rebuild on, a build updates the
            // spare output folder in place, as every later one does. The first makes that
            // folder (its pages linked to the output's, the edited ones written): shown apart.
            _ = try BuildBenchmarks.owlBuild(site: site, output: output)
            let firstEdits = try postsEditedFirst.map { number in
                try edit(.body, post: number, in: site)
                return try BuildBenchmarks.owlBuild(site: site, output: output)
            }

            var measured: [(kind: Edit, target: Double, changed: Int, hugoChanged: Int, times: [BuildBenchmarks.Figures])] = []
            for (kind, target) in [(Edit.body, 0.100), (Edit.title, 0.250)] {
                var times: [BuildBenchmarks.Figures] = []
                var changed = 0
                for number in editedPosts {
                    let before = snapshot(output)
                    times.append(try editAndBuild(kind, post: number, site: site, output: output))
                    if number == editedPosts[0] { changed = differences(before, snapshot(output)) }
                }
                let hugoChanged = try hugoFilesChanged(by: kind, post: editedPosts[0], site: hugo, work: work)
                measured.append((kind, target, changed, hugoChanged, times))
            }
            // What a Hugo user waits for after the same edits: `hugo server`'s rebuilds.
            let hugoRebuilds: [[(milliseconds: Double, rebuilds: Int)]]
            do {
                hugoRebuilds = try hugoServerRebuilds(site: hugo, kinds: measured.map(\.kind))
            } catch {
                print("hugo server: \(error)")
                hugoRebuilds = []
            }

            var rows = [["one post of \(count) edited", "owl-site files changed", "Hugo files changed", "owl-site build (process)",
                         "hugo server rebuild", "owl-site / Hugo", "target"]]
            var rounds: [String] = []
            var bodyEdit = 0.0
            for (index, edit) in measured.enumerated() {
                let median = BuildBenchmarks.median(edit.times)
                if edit.kind == .body { bodyEdit = median.wall }
                rounds.append("\(edit.kind.rawValue): " + edit.times.map { String(format: "%.0f", $0.wall * 1000) }.joined(separator: ", ") + " ms")
                var hugoColumns = ["-", "-"]
                if index < hugoRebuilds.count {
                    let hugo = hugoRebuilds[index]
                    let hugoMedian = DiffBenchmarks.median(hugo.map(\.milliseconds))
                    hugoColumns = [String(format: "%.0f ms (median of %d)", hugoMedian, hugo.count), String(format: "%.2f×", median.wall * 1000 / hugoMedian)]
                    // A save Hugo saw as two changes shows as the sum of its rebuilds, with their number.
                    rounds.append("hugo server, \(edit.kind.rawValue): " + hugo.map { String(format: "%.0f", $0.milliseconds) + ($0.rebuilds > 1 ? " (\($0.rebuilds) rebuilds)" : "") }
                        .joined(separator: ", ") + " ms")
                }
                rows.append([edit.kind.rawValue, "\(edit.changed)", "\(edit.hugoChanged)", String(format: "%.0f ms (median of %d)", median.wall * 1000, edit.times.count)]
                            + hugoColumns + [String(format: "≤ %.0f ms", edit.target * 1000)])
            }
            printTable(rows)
            print("rounds, in order: " + rounds.joined(separator: "; "))
            print(String(format: "the first two body edits after the cold build (the first makes the spare folder): %.0f and %.0f ms, peak %.0f and %.0f MiB",
                         firstEdits[0].wall * 1000, firstEdits[1].wall * 1000, firstEdits[0].peakMiB, firstEdits[1].peakMiB))
            // A change every page shows (the site's title): every page renders again, as after
            // a change of theme or a new owl-site.
            let everyPage = try (1...2).map { round in
                try Data("title: Retitled site \(round)\n".utf8).write(to: site.appendingPathComponent("owl.yml"))
                return try BuildBenchmarks.owlBuild(site: site, output: output)
            }
            print("the site's title changed, every page rendered again: " + everyPage.map { String(format: "%.2f s, peak %.0f MiB", $0.wall, $0.peakMiB) }.joined(separator: "; "))
            // What the contract leaves no build to skip, on this output (median of 3).
            let floors = try (1...3).map { _ in try RebuildFloor.measure(site: site, output: output) }
            let floor = DiffBenchmarks.median(floors.map(\.seconds))
            print(String(format: "file system alone, what a one-post rebuild cannot skip (the status of each source, and of each folder and file of the output: "
                         + "%d in all, on two threads): rounds %@ ms, median %.0f ms; the body edit %.0f ms = %.2f× it",
                         floors[0].statuses, floors.map { String(format: "%.0f", $0.seconds * 1000) }.joined(separator: ", "),
                         floor * 1000, bodyEdit * 1000, bodyEdit / floor))
        } catch {
            print("edit benchmark failed: \(error)")
        }
        BuildBenchmarks.delete(work)
    }

    /// The posts edited right after the cold build, untimed in a median (the first makes
    /// the spare folder), then those edited once each, for each kind of edit.
    static let postsEditedFirst = [2, 3], editedPosts = [42, 43, 44, 45, 46]

    /// Makes `kind` of edit to post `number` of `site`, then, seconds later as a writer
    /// saves, builds it into `output`: the build's figures. (Memory a build frees can go back
    /// to the host of a virtual machine by the next one: ``HugePages`` in OwlSite tells what
    /// that cost when builds took huge pages.)
    static func editAndBuild(_ kind: Edit, post number: Int, site: URL, output: URL) throws -> BuildBenchmarks.Figures {
        try edit(kind, post: number, in: site)
        Thread.sleep(forTimeInterval: pauseBetweenEdits)
        return try BuildBenchmarks.owlBuild(site: site, output: output)
    }

    /// `hugo server` on the Hugo copy of the site, for each kind in `kinds`: its rebuilds after
    /// the same edits of the same posts as `owl-site`'s, seconds apart as theirs.
    private static func hugoServerRebuilds(site: URL, kinds: [Edit]) throws -> [[(milliseconds: Double, rebuilds: Int)]] {
        let server = try HugoServer(site: site)
        defer { server.stop() }
        return try kinds.map { kind in
            try editedPosts.map { number in
                try server.rebuild(after: { try edit(kind, post: number, in: site) }, quiet: pauseBetweenEdits)
            }
        }
    }

    /// The seconds between one timed build and the next edit's: longer than the two seconds
    /// after which Linux reports free memory to the host (virtio-balloon's free page reporting).
    static let pauseBetweenEdits = 3.0

    enum Edit: String {
        case body = "body edit"
        case title = "title edit"
    }

    /// Edits post `number` of the site whose posts are in `site/content/posts`.
    static func edit(_ kind: Edit, post number: Int, in site: URL) throws {
        let post = postFile(number, in: site)
        var text = try String(contentsOf: post, encoding: .utf8)
        switch kind {
        case .body:
            text += "\nOne more line, for the benchmark.\n"
        case .title:
            guard let line = text.range(of: "title: \"") else { throw BuildBenchmarks.BenchError("no title in \(post.path)") }
            text.replaceSubrange(line, with: "title: \"Retitled ")
        }
        try text.write(to: post, atomically: true, encoding: .utf8)
    }

    /// The file of generated post `number` (`gen_content.py` names them) in `site`.
    static func postFile(_ number: Int, in site: URL) -> URL {
        site.appendingPathComponent(String(format: "content/posts/post-%05d.md", number))
    }

    /// Hugo's build of `site` before and after the same edit, each into a folder of its own:
    /// the files whose bytes differ, or that only one has.
    private static func hugoFilesChanged(by kind: Edit, post number: Int, site: URL, work: URL) throws -> Int {
        let before = work.appendingPathComponent("hugo-before-\(kind)"), after = work.appendingPathComponent("hugo-after-\(kind)")
        try BuildBenchmarks.shell("hugo", "-s", site.path, "-d", before.path, "--quiet")
        try edit(kind, post: number, in: site)
        try BuildBenchmarks.shell("hugo", "-s", site.path, "-d", after.path, "--quiet")
        return differences(snapshot(before), snapshot(after))
    }

    /// Each file below `folder` by path, with the hash of its bytes.
    private static func snapshot(_ folder: URL) -> [String: UInt64] {
        var files: [String: UInt64] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path),
                  (enumerator?.fileAttributes?[.type] as? FileAttributeType) == .typeRegular else { continue }
            files[path] = ContentHash(bytes: data).value
        }
        return files
    }

    private static func differences(_ old: [String: UInt64], _ new: [String: UInt64]) -> Int {
        Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }.count
    }
}
