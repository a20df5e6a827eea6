import Foundation
import Owl
import OwlSite

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

/// A site of `posts` post pages (a content region each), a `/posts/` list with one
/// section per year, and twenty tag pages listing their posts; rendered with byte ranges.
struct SyntheticSite {
    struct Post { var id: String; var title: String; var year: Int; var tag: Int }
    var posts: [Post]
    private var state: UInt64

    init(posts count: Int, seed: UInt64) {
        state = seed
        posts = []
        for index in 0..<count { posts.append(Post(id: "post-\(index)", title: "Post \(index)", year: 2000 + index % 25, tag: index % 20)) }
    }

    mutating func edit(updated: Int, inserted: Int, deleted: Int, redated: Int) {
        for _ in 0..<updated { posts[pick()].title += " (edited)" }
        for _ in 0..<redated { posts[pick()].year += 1 }
        for _ in 0..<deleted { posts.remove(at: pick()) }
        for index in 0..<inserted { posts.insert(Post(id: "new-\(index)", title: "New \(index)", year: 2024, tag: index % 20), at: pick()) }
    }

    /// A reproducible pseudo-random index into `posts` (a linear congruential step).
    private mutating func pick() -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(state >> 33) % posts.count
    }

    /// The pages' manifest entries as JSON, by path, and the page files.
    func build() -> (Data, [String: [UInt8]]) {
        var pages: [String: Any] = [:]
        var files: [String: [UInt8]] = [:]
        func add(_ path: String, _ page: (bytes: [UInt8], entry: [String: Any])) {
            pages[path] = page.entry
            files[page.entry["file"] as! String] = page.bytes
        }
        for post in posts {
            add("/posts/\(post.id)/", render(file: "posts/\(post.id)/index.html", title: post.title, content: post.title, sections: []))
        }
        let byYear = Dictionary(grouping: posts, by: \.year).sorted { $0.key > $1.key }
        add("/posts/", render(file: "posts/index.html", title: "Posts", content: "", sections: byYear.map { ("\($0.key)", $0.value) }))
        for tag in 0..<20 {
            add("/tags/\(tag)/", render(file: "tags/\(tag)/index.html", title: "Tag \(tag)", content: "",
                                        sections: [("all", posts.filter { $0.tag == tag })]))
        }
        return (try! JSONSerialization.data(withJSONObject: pages), files)
    }

    private func render(file: String, title: String, content: String, sections: [(String, [Post])]) -> ([UInt8], [String: Any]) {
        var html = Array("<!DOCTYPE html><html><head><title>\(title)</title></head><body>".utf8)
        let regionStart = html.count
        html += Array("<main data-owl-region=\"content\"><h1>\(content)</h1></main>".utf8)
        let region: [Any] = [hash(html[regionStart...]), regionStart, html.count]
        html += Array("<div class=\"owl-list\" data-owl-list=\"posts\">".utf8)
        var entries: [[String: Any]] = []
        for (id, posts) in sections {
            let start = html.count
            let head = Array("<section class=\"owl-section\" data-owl-section=\"\(id)\"><header>\(id)</header><ol data-owl-cells>".utf8)
            html += head
            let cells: [[Any]] = posts.map { post in
                let cellStart = html.count
                html += Array("<li class=\"owl-cell\" data-owl-cell=\"\(post.id)\"><a href=\"/posts/\(post.id)/\">\(post.title)</a></li>".utf8)
                return [post.id, hash(html[cellStart...]), cellStart, html.count]
            }
            html += Array("</ol></section>".utf8)
            entries.append(["id": id, "hash": hash(head[...]), "range": [start, html.count], "cells": cells])
        }
        html += Array("</div></body></html>".utf8)
        let page: [String: Any] = [
            "file": file, "title": title, "shell": "0", "regions": ["content": region],
            "lists": [["id": "posts", "shell": "0", "sections": entries]],
        ]
        return (html, page)
    }

    private func hash(_ bytes: ArraySlice<UInt8>) -> String {
        ContentHash(bytes: bytes).description
    }
}
