import Foundation
import Owl
import OwlSite
import TestSupport

/// Diffing two builds of a 10,000-post site into per-page patch files: the time `BuildDiff`
/// takes (pages' manifest entries decoded, new pages read from memory, patches encoded) and
/// the bytes of the patches.
enum PatchBenchmarks {
    static func run() {
        let posts = 10_000
        let old = SyntheticSite(posts: posts, seed: 1)
        var edited = old
        edited.edit(updated: 100, inserted: 50, deleted: 50, redated: 20)
        var oneCell = old
        oneCell.edit(updated: 1, inserted: 0, deleted: 0, redated: 0)

        var rows = [["build diff", "runs", "decode manifests", "diff + encode", "patch bytes", "pages changed"]]
        for (name, new) in [("10,000 posts: 100 edited, 50 new, 50 gone, 20 re-dated", edited),
                            ("10,000 posts: one post edited", oneCell)] {
            let (oldJSON, oldFiles) = old.build()
            let (newJSON, files) = new.build()
            var bytes = 0
            var changed = 0
            var decoding: [Double] = []
            var diffing: [Double] = []
            for _ in 0..<7 {
                let start = DispatchTime.now().uptimeNanoseconds
                let decoder = JSONDecoder()
                func pages(_ json: Data, _ files: [String: [UInt8]]) -> [String: BuildDiff.Page] {
                    try! decoder.decode([String: ManifestPage].self, from: json).mapValues { manifest in
                        BuildDiff.Page(version: ContentHash(bytes: files[manifest.file]!).value, manifest: manifest, bytes: files[manifest.file]!)
                    }
                }
                let (oldPages, newPages) = (pages(oldJSON, oldFiles), pages(newJSON, files))
                let decoded = DispatchTime.now().uptimeNanoseconds
                let diff = try! BuildDiff(from: oldPages, to: newPages)
                bytes = try! diff.patches.reduce(0) { $0 + (try $1.json().count) }
                changed = diff.changed.count
                decoding.append(Double(decoded - start) / 1e6)
                diffing.append(Double(DispatchTime.now().uptimeNanoseconds - decoded) / 1e6)
            }
            rows.append([name, "7", DiffBenchmarks.milliseconds(decoding.sorted()[3]),
                         DiffBenchmarks.milliseconds(diffing.sorted()[3]), "\(bytes)", "\(changed)"])
        }
        print("\nBuild diff (release; two manifests decoded, pages read from memory, patch encoded; median)")
        printTable(rows)
        print("")
    }
}
