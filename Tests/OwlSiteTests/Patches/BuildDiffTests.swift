import Owl
import Foundation
import Testing
import TestSupport
@testable import OwlSite

@Suite("Build diff and patch files")
struct BuildDiffTests {
    private func diff(_ change: (inout PageFixture) -> Void, from old: PageFixture = .posts()) throws -> BuildDiff {
        var new = old
        change(&new)
        return try BuildPair(old: ["/posts/": old], new: ["/posts/": new]).diff()
    }

    private func stages(_ diff: BuildDiff) throws -> [ListPatch.Stage] {
        try #require(diff.patches.first { $0.page == "/posts/" }?.lists?.first).stages
    }

    @Test func oneUpdatedCellInTenThousandGivesAFewHundredBytes() throws {
        let old = PageFixture.posts(years: 10, perSection: 1_000)
        let result = try diff({ $0.sections[7].cells[512].text = "Edited" }, from: old)
        let bytes = try #require(result.patches.first).json()
        #expect(bytes.count < 500, "\(bytes.count) bytes")
        let updated = try stages(result).flatMap(\.elementUpdated)
        #expect(updated == [ListPatch.Change(at: .init(element: 512, section: 7), id: "post-7-512",
                                             html: #"<li class="owl-cell" data-owl-cell="post-7-512">Edited</li>"#)])
    }

    @Test func cellMovedAcrossSectionsNamesSourceAndTarget() throws {
        let result = try diff { page in
            let cell = page.sections[2].cells.remove(at: 1)
            page.sections[0].cells.insert(cell, at: 2)
        }
        let moves = try stages(result).flatMap(\.elementMoved)
        #expect(moves == [ListPatch.Move(from: .init(element: 1, section: 2), to: .init(element: 2, section: 0), id: "post-2-1")])
        #expect(result.changed.first?.lists.first?.changes.cellsMoved == 1)
    }

    @Test func insertedSectionCarriesItsCellsAndUpdatedSectionOnlyItsShell() throws {
        let result = try diff { page in
            page.sections.insert(.init(id: "2025", header: "New", cells: [.init(id: "n", text: "N")]), at: 0)
            page.sections[2].header = "Renamed"
        }
        let all = try stages(result)
        let inserted = try #require(all.flatMap(\.sectionInserted).first)
        #expect(inserted.at == 0 && inserted.html?.contains(#"data-owl-cell="n""#) == true)
        let updated = try #require(all.flatMap(\.sectionUpdated).first)
        #expect(updated.at == 2 && updated.id == "2023")
        #expect(updated.html == #"<section class="owl-section" data-owl-section="2023"><header>Renamed</header><ol data-owl-cells></ol></section>"#)
    }

    @Test func htmlStartsWithTheWhitespaceBeforeIt() throws {
        var old = PageFixture.posts()
        old.gap = "\n  "
        let result = try diff({ page in
            page.sections[1].cells[0].text = "z"
            page.sections[1].header = "h"
        }, from: old)
        let all = try stages(result)
        #expect(all.flatMap(\.elementUpdated).map(\.html) == ["\n  " + PageFixture.cellHTML(.init(id: "post-1-0", text: "z"))])
        #expect(all.flatMap(\.sectionUpdated).map(\.html)
            == [#"\#n  <section class="owl-section" data-owl-section="2023"><header>h</header><ol data-owl-cells></ol></section>"#])
    }

    @Test func deletesAddressSourcePositionsWithIDs() throws {
        let result = try diff { page in
            page.sections.remove(at: 1)
            page.sections[0].cells.remove(at: 3)
        }
        let stage = try #require(try stages(result).first { !$0.sectionDeleted.isEmpty })
        #expect(stage.sectionDeleted == [ListPatch.Change(at: 1, id: "2023")])
        #expect(stage.elementDeleted == [ListPatch.Change(at: .init(element: 3, section: 0), id: "post-0-3")])
    }

    @Test func titleAndRegionsComeWithTheirNewHTML() throws {
        let result = try diff { page in
            page.title = "All posts"
            page.nav = "Home · Posts"
        }
        let patch = try #require(result.patches.first)
        #expect(patch.title == "All posts" && patch.lists == nil && patch.regions == ["nav": #"<nav data-owl-region="nav">Home · Posts</nav>"#])
        #expect(result.changed == [PageChange(path: "/posts/", title: true, regions: ["nav"], lists: [])])
    }

    @Test func shellChangeReloads() throws {
        let result = try diff { $0.banner = "Hello" }
        #expect(result.patches.isEmpty)
        #expect(result.changed.first?.reload != nil)
    }

    @Test func listRenamedReloads() throws {
        let result = try diff { $0.listID = "articles" }
        #expect(result.patches.isEmpty && result.changed.first?.reload != nil)
    }

    @Test func pagesAddedRemovedAndUnchanged() throws {
        let posts = PageFixture.posts()
        let result = try BuildPair(old: ["/posts/": posts, "/old/": posts, "/same/": posts],
                                   new: ["/posts/": posts, "/new/": posts, "/same/": posts]).diff()
        #expect(result.added == ["/new/"])
        #expect(result.removed == ["/old/"])
        #expect(result.changed.isEmpty)
        #expect(result.patches.isEmpty, "a new page's address showed the not-found page, which loads it; a gone one loads the not-found page")
        #expect(result.differs)
    }

    @Test func identicalBuildsDoNotDiffer() throws {
        let pair = BuildPair(old: ["/posts/": .posts()], new: ["/posts/": .posts()])
        let result = try BuildDiff(from: pair.new, to: pair.new)
        #expect(!result.differs)
        #expect(result.patches.isEmpty)
        #expect(result.summary.hasSuffix("no differences"))
    }

    @Test func buildsWhosePagesAreTheSameStillDifferInTheirOtherFiles() throws {
        let pair = BuildPair(old: ["/posts/": .posts()], new: ["/posts/": .posts()])
        let result = try BuildDiff(from: pair.old, to: pair.new, otherFiles: ["assets/site.css"])
        #expect(result.differs)
        #expect(result.changed.isEmpty && result.patches.isEmpty)
        #expect(result.summary.hasSuffix("no page changed; other files did"))
    }

    @Test func rangeOutsideThePageFileThrowsNamingIt() throws {
        var pair = BuildPair(old: ["/posts/": .posts()], new: ["/posts/": .posts()])
        pair.new["/posts/"]!.manifest.lists[0].sections[0].cells[0].end = 1_000_000
        pair.new["/posts/"]!.manifest.lists[0].sections[0].cells[0].hash = ContentHash("changed")
        pair.new["/posts/"]!.version = 1
        #expect(throws: BuildDiffError.range(file: "posts/index.html", start: pair.new["/posts/"]!.manifest.lists[0].sections[0].cells[0].start, end: 1_000_000)) {
            try pair.diff()
        }
    }

    @Test func summaryNamesEveryChange() throws {
        let result = try diff { page in
            page.sections[0].cells.remove(at: 0)
            page.sections[1].cells[0].text = "x"
            page.nav = "n"
        }
        #expect(result.summary.contains("changed  /posts/"))
        #expect(result.summary.contains("regions: nav"))
        #expect(result.summary.contains("list posts: cells: 1 deleted, 1 updated"))
    }

    @Test func patchJSONRoundTripsAndLeavesOutEmptyKinds() throws {
        let result = try diff { $0.sections[0].cells[1].text = "y" }
        let patch = try #require(result.patches.first)
        let json = try patch.json()
        #expect(try JSONDecoder().decode(PatchFile.self, from: json) == patch)
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.hasPrefix(#"{"format":"owl-patch","from":""#) && text.contains(#""page":"/posts/","#) && text.contains(#""version":2"#))
        #expect(patch.path == "_owl/patches/\(PageVersion.hex(PageVersion.key(ofPath: "/posts/")))-\(patch.from)-\(patch.to).json")
        #expect(text.contains(#""stages":[{"elementUpdated":"#))
        #expect(!text.contains("sectionDeleted"))
        #expect(!text.contains(#"\/"#))
    }

    /// `owl-bench patch` diffs two builds of ``SyntheticSite``, whose manifests must decode as
    /// a build's do: once hashes were ``ContentHash``, its `"0"` did not, and `make bench`
    /// stopped there.
    @Test func benchmarkSiteDecodesAndDiffsAsABuildDoes() throws {
        let old = SyntheticSite(posts: 200, seed: 1)
        var new = old
        new.edit(updated: 1, inserted: 0, deleted: 0, redated: 0)
        let edited = try #require(zip(old.posts, new.posts).first { $0.title != $1.title }?.1)
        func pages(_ site: SyntheticSite) throws -> [String: BuildDiff.Page] {
            let (manifests, files) = site.build()
            return try JSONDecoder().decode([String: ManifestPage].self, from: manifests).mapValues { manifest in
                let bytes = try #require(files[manifest.file])
                return BuildDiff.Page(version: ContentHash(bytes: bytes).value, manifest: manifest, bytes: bytes)
            }
        }
        let diff = try BuildDiff(from: pages(old), to: pages(new))
        // The post's page (its title and its content), and the two lists that show it.
        #expect(diff.changed.map(\.path) == ["/posts/", "/posts/\(edited.id)/", "/tags/\(edited.tag)/"])
        #expect(diff.changed.allSatisfy { $0.reload == nil })
        #expect(diff.patches.map(\.page) == diff.changed.map(\.path))
    }
}
