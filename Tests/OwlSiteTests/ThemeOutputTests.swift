import Foundation
import Testing

@testable import OwlSite

/// What the default theme writes around a site's content: the favicon (which a site's
/// `Templates/` replaces), the byline, and page titles.
@Suite struct ThemeOutputTests {
    private let post = "---\ntitle: Hello\ndate: 2024-01-01\n---\nText\n"

    @Test func theFaviconIsTheOwlUnlessTheSiteHasItsOwn() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        try site.write("content/posts/hello.md", post)
        try site.build()
        let home = try site.page("index.html")
        #expect(home.contains(#"<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">"#))
        #expect(try site.page("assets/favicon.svg") == EmbeddedTheme.files["assets/favicon.svg"])
        try site.write("Templates/assets/favicon.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><title>mine</title></svg>\n")
        try site.build()
        #expect(try site.page("assets/favicon.svg").contains("<title>mine</title>"))
    }

    @Test func theBylineNamesThePagesAuthorElseTheSites() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        try site.write("owl.yml", "title: Notes\nauthor: Site Author\n")
        try site.write("content/posts/hello.md", post)
        try site.write("content/posts/guest.md", "---\ntitle: Guest\ndate: 2024-01-02\nauthor: A Guest\n---\nText\n")
        try site.build()
        #expect(try site.page("posts/hello/index.html").contains(#"<span class="byline">By Site Author</span>"#))
        #expect(try site.page("posts/guest/index.html").contains(#"<span class="byline">By A Guest</span>"#))
        try site.write("owl.yml", "title: Notes\n")
        try site.build()
        #expect(!(try site.page("posts/hello/index.html")).contains("byline"))
    }

    @Test func aListNamedAsTheSiteHasItsNameOnceInTheTitleBar() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        try site.write("owl.yml", "title: Rust Blog\nsections:\n  posts:\n    title: Rust Blog\n  notes:\n    title: Notes\n")
        try site.write("content/posts/hello.md", post)
        try site.write("content/notes/a.md", post)
        try site.build()
        #expect(try site.page("posts/index.html").contains(#"<title data-owl-region="title">Rust Blog</title>"#))
        #expect(try site.page("notes/index.html").contains(#"<title data-owl-region="title">Notes · Rust Blog</title>"#))
        // Its feed too, as pages link to it and as it names itself.
        #expect(try site.page("posts/index.html").contains(#"title="Rust Blog" href="/posts/feed.xml""#))
        #expect(try site.page("notes/index.html").contains(#"title="Notes · Rust Blog" href="/notes/feed.xml""#))
        #expect(try site.page("posts/feed.xml").contains("<title>Rust Blog</title>"))
        #expect(try site.page("notes/feed.xml").contains("<title>Notes · Rust Blog</title>"))
    }
}
