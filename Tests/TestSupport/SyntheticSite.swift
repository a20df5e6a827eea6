import Foundation
import Owl

/// A site of `posts` post pages (a content region each), a `/posts/` list with one section
/// per year, and twenty tag pages listing their posts, rendered with byte ranges: the
/// pages' manifest entries as a build writes them, and the pages' bytes. `owl-bench patch`
/// diffs two of them; `BuildDiffTests` checks that they decode as a build's manifests do.
public struct SyntheticSite {
    public struct Post {
        public var id: String
        public var title: String
        public var year: Int
        public var tag: Int
    }

    public var posts: [Post]
    private var state: UInt64

    public init(posts count: Int, seed: UInt64) {
        state = seed
        posts = (0..<count).map { index in Post(id: "post-\(index)", title: "Post \(index)", year: 2000 + index % 25, tag: index % 20) }
    }

    /// Retitles `updated` posts, moves `redated` to the next year, removes `deleted` and
    /// inserts `inserted` new ones, each at a reproducible pseudo-random place.
    public mutating func edit(updated: Int, inserted: Int, deleted: Int, redated: Int) {
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

    /// The pages' manifest entries as JSON, by path, and the page files, by file path.
    public func build() -> (manifests: Data, files: [String: [UInt8]]) {
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

    /// What every page has outside its title, its region and its list's sections.
    private static let pageShell = Array(#"<!DOCTYPE html><html><head><title></title></head><body><div class="owl-list" data-owl-list="posts"></div></body></html>"#.utf8)

    private func render(file: String, title: String, content: String, sections: [(String, [Post])]) -> ([UInt8], [String: Any]) {
        var html = Array("<!DOCTYPE html><html><head><title>\(title)</title></head><body>".utf8)
        let regionStart = html.count
        html += Array("<main data-owl-region=\"content\"><h1>\(content)</h1></main>".utf8)
        let region: [Any] = [hash(html[regionStart...]), regionStart, html.count]
        let listOpening = Array("<div class=\"owl-list\" data-owl-list=\"posts\">".utf8)
        html += listOpening
        var entries: [[String: Any]] = []
        for (id, posts) in sections {
            let start = html.count
            let sectionHead = Array("<section class=\"owl-section\" data-owl-section=\"\(id)\"><header>\(id)</header><ol data-owl-cells>".utf8)
            html += sectionHead
            let cells: [[Any]] = posts.map { post in
                let cellStart = html.count
                html += Array("<li class=\"owl-cell\" data-owl-cell=\"\(post.id)\"><a href=\"/posts/\(post.id)/\">\(post.title)</a></li>".utf8)
                return [post.id, hash(html[cellStart...]), cellStart, html.count]
            }
            html += Array("</ol></section>".utf8)
            entries.append(["id": id, "hash": hash(sectionHead[...]), "range": [start, html.count], "cells": cells])
        }
        html += Array("</div></body></html>".utf8)
        // The shells, in 16 hex digits as a build's hashes are: a list's is its opening tag; a
        // page's is the same on every page, its title left out (the theme gives the title a
        // region of its own).
        let page: [String: Any] = [
            "file": file, "title": title, "shell": hash(Self.pageShell[...]), "regions": ["content": region],
            "lists": [["id": "posts", "shell": hash(listOpening[...]), "sections": entries]],
        ]
        return (html, page)
    }

    private func hash(_ bytes: ArraySlice<UInt8>) -> String {
        ContentHash(bytes: bytes).description
    }
}
