import Foundation
@testable import OwlSite
import Testing

@Suite struct CodeHighlighterTests {
    private func html(_ code: String, _ language: String) throws -> String {
        try #require(CodeHighlighter.named(language)).html(code)
    }

    /// The text a browser shows: the spans taken out and the four escapes undone.
    private func text(of html: String) -> String {
        html.replacingOccurrences(of: #"<span class="hl-[a-z]+">"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: "</span>", with: "")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test func marksUpSwift() throws {
        let code = """
            @MainActor final class Box<T> { // a box
                let name = "a \\"b\\" <c>", count = 0x1F + 2.5 /* one /* nested */ comment */
            }
            #if DEBUG
            """
        #expect(try html(code, "swift") == """
            <span class="hl-attribute">@MainActor</span> <span class="hl-keyword">final</span> <span class="hl-keyword">class</span> \
            <span class="hl-type">Box</span>&lt;<span class="hl-type">T</span>&gt; { <span class="hl-comment">// a box</span>
                <span class="hl-keyword">let</span> name = <span class="hl-string">&quot;a \\&quot;b\\&quot; &lt;c&gt;&quot;</span>, \
            count = <span class="hl-number">0x1F</span> + <span class="hl-number">2.5</span> \
            <span class="hl-comment">/* one /* nested */ comment */</span>
            }
            <span class="hl-attribute">#if</span> <span class="hl-type">DEBUG</span>
            """)
    }

    @Test func aKeywordAfterADotIsAMembersName() throws {
        #expect(try html("x.default = self", "swift") == #"x.default = <span class="hl-keyword">self</span>"#)
    }

    @Test func aStringOnOneLineEndsWithIt() throws {
        #expect(try html("let a = \"open\nlet b", "swift") == """
            <span class="hl-keyword">let</span> a = <span class="hl-string">&quot;open</span>
            <span class="hl-keyword">let</span> b
            """)
        #expect(try html("s = \"\"\"\nmany\nlines\n\"\"\"", "swift").contains("<span class=\"hl-string\">&quot;&quot;&quot;\nmany\nlines\n&quot;&quot;&quot;</span>"))
    }

    @Test func aHashStartsAShellCommentOnlyAtAWordsStart() throws {
        #expect(try html("echo $# a#b # note", "sh") == """
            echo <span class="hl-variable">$#</span> a#b <span class="hl-comment"># note</span>
            """)
        #expect(try html("echo \"$HOME\" ${PATH} 'it\\'", "bash") == """
            echo <span class="hl-string">&quot;</span><span class="hl-variable">$HOME</span><span class="hl-string">&quot;</span> \
            <span class="hl-variable">${PATH}</span> <span class="hl-string">'it\\'</span>
            """)
    }

    @Test func interpolatedCodeIsCodeWithQuotesOfItsOwn() throws {
        #expect(try html(#"let s = "a \(d["k"] ?? 0) b""#, "swift") == """
            <span class="hl-keyword">let</span> s = <span class="hl-string">&quot;a \\(</span>d[<span class="hl-string">&quot;k&quot;</span>] ?? \
            <span class="hl-number">0</span><span class="hl-string">) b&quot;</span>
            """)
        #expect(try html("`${ {a: \"}\"}.a } and ${n}`", "js") == """
            <span class="hl-string">`${</span> {a: <span class="hl-string">&quot;}&quot;</span>}.a <span class="hl-string">} and ${</span>n\
            <span class="hl-string">}`</span>
            """)
        #expect(try html(#"echo "$USER at $(date "+%H")""#, "sh") == """
            echo <span class="hl-string">&quot;</span><span class="hl-variable">$USER</span><span class="hl-string"> at $(</span>date \
            <span class="hl-string">&quot;+%H&quot;</span><span class="hl-string">)&quot;</span>
            """)
        #expect(try html(#"val s = "${x + 1}""#, "kotlin").contains(#"<span class="hl-string">&quot;${</span>x + <span class="hl-number">1</span>"#))
        // Unclosed on its line, a one-line string ends there, with its interpolation.
        #expect(try html("\"\\(a\nlet b", "swift") == """
            <span class="hl-string">&quot;\\(</span>a
            <span class="hl-keyword">let</span> b
            """)
    }

    @Test func interpolationsNestAsDeepAsTheLimitAndNoDeeper() throws {
        let deep = String(repeating: #""\("#, count: 20_000) + "x" + String(repeating: #")""#, count: 20_000)
        let highlighted = try html(deep, "swift")
        #expect(text(of: highlighted) == deep)
        #expect(highlighted.components(separatedBy: "\\(</span>").count - 1 == 16)
    }

    @Test func aSlashWhereAValueMayStartOpensARegularExpression() throws {
        #expect(try html(#"if (/a"b[/]c/gi.test(s)) x = n / 2 / k; return /\d+/;"#, "js") == """
            <span class="hl-keyword">if</span> (<span class="hl-string">/a&quot;b[/]c/gi</span>.test(s)) x = n / \
            <span class="hl-number">2</span> / k; <span class="hl-keyword">return</span> <span class="hl-string">/\\d+/</span>;
            """)
        #expect(try html("total = a /b/ c", "ts") == "total = a /b/ c")
    }

    @Test func yamlKeysAreMarked() throws {
        #expect(try html("name: owl # a comment\nsections:\n  - style: grid\n    url: http://x/y\nplain text", "yaml") == """
            <span class="hl-attribute">name</span>: owl <span class="hl-comment"># a comment</span>
            <span class="hl-attribute">sections</span>:
              - <span class="hl-attribute">style</span>: grid
                <span class="hl-attribute">url</span>: http://x/y
            plain text
            """)
    }

    @Test func markupHasTagsAttributesValuesCommentsAndMustache() throws {
        #expect(try html(#"<!-- c --><a href="/x" data-owl-cell='1'>a < b &amp; {{title}}</a><br/>"#, "html") == """
            <span class="hl-comment">&lt;!-- c --&gt;</span>&lt;<span class="hl-keyword">a</span> <span class="hl-attribute">href</span>=\
            <span class="hl-string">&quot;/x&quot;</span> <span class="hl-attribute">data-owl-cell</span>=<span class="hl-string">'1'</span>&gt;\
            a &lt; b &amp;amp; <span class="hl-variable">{{title}}</span>&lt;/<span class="hl-keyword">a</span>&gt;&lt;\
            <span class="hl-keyword">br</span>/&gt;
            """)
        #expect(try html("<?xml version=\"1.0\"?>", "xml").hasPrefix(#"&lt;?<span class="hl-keyword">xml</span> <span class="hl-attribute">version</span>"#))
    }

    @Test func cssSqlAndRuby() throws {
        #expect(try html("@media (max-width: 40em) {\n  .a { color: red; }\n  margin: 0 auto; /* c */\n}", "css") == """
            <span class="hl-attribute">@media</span> (max-width: <span class="hl-number">40em</span>) {
              .a { color: red; }
              <span class="hl-attribute">margin</span>: <span class="hl-number">0</span> <span class="hl-keyword">auto</span>; \
            <span class="hl-comment">/* c */</span>
            }
            """)
        #expect(try html("SELECT name FROM posts where id = 'it''s' -- c", "sql") == """
            <span class="hl-keyword">SELECT</span> name <span class="hl-keyword">FROM</span> posts <span class="hl-keyword">where</span> id = \
            <span class="hl-string">'it'</span><span class="hl-string">'s'</span> <span class="hl-comment">-- c</span>
            """)
        #expect(try html(#"def hi(name) = puts "Hi #{name.upcase}" # c"#, "ruby") == """
            <span class="hl-keyword">def</span> hi(name) = puts <span class="hl-string">&quot;Hi #{</span>name.upcase\
            <span class="hl-string">}&quot;</span> <span class="hl-comment"># c</span>
            """)
    }

    /// Lines that open something they never close are read once, not once per opener.
    @Test func longUnclosedLinesKeepEveryCharacter() throws {
        for (code, language) in [(String(repeating: "(/[", count: 20_000), "js"), (String(repeating: "#[", count: 30_000), "rust"),
                                 (String(repeating: " - a b", count: 10_000), "yaml"), (String(repeating: "\"\\(", count: 20_000), "swift"),
                                 (String(repeating: "<a '", count: 20_000), "html"), (String(repeating: "{{<", count: 20_000), "html")] {
            #expect(text(of: try html(code, language)) == code)
        }
    }

    @Test func aQuoteOpensACharacterOnlyWhenOneCharacterFollows() throws {
        #expect(try html("fn f<'a>(x: &'a str) -> char { 'x' } '\\n' 'é'", "rust") == """
            <span class="hl-keyword">fn</span> f&lt;'a&gt;(x: &amp;'a str) -&gt; char { <span class="hl-string">'x'</span> } \
            <span class="hl-string">'\\n'</span> <span class="hl-string">'é'</span>
            """)
        #expect(try html("#[derive(Debug)]\nstruct S;", "rs").hasPrefix(#"<span class="hl-attribute">#[derive(Debug)]</span>"#))
    }

    @Test(arguments: ["Swift", "JS", "typescript", "json", "py", "console", "c++", "objective-c", "kotlin", "go", "rust", "yml", "html", "css",
                      "sql", "ruby"])
    func theInfoStringsFirstWordNamesTheLanguage(_ name: String) {
        #expect(CodeHighlighter.named(name + " title=\"x\"") != nil)
        #expect(CodeHighlighter.named("not-" + name) == nil)
    }

    /// Whatever the code, valid or not, the highlighted HTML shows it whole, and its spans
    /// neither nest nor stay open.
    @Test func everyLanguageKeepsEveryCharacter() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["\"", "'", "`", "\"\"\"", "'''", "/*", "*/", "//", "#", "#[", "@", "$", "${", "}", "\\", "\n", " ", "<", ">", "&",
                      "let", "if", "Type", "x", "0x1F", "3.14", ".", "é", "💡", "'a", "(", ")",
                      "\\(", "$(", "/", "[", "]", "{", ":", "- ", "return", "<!--", "-->", "{{", "}}", "<a", "</", "=", "--", "#{"]
        for language in CodeLanguage.all {
            let highlighter = CodeHighlighter(language: language)
            for _ in 0..<300 {
                let code = (0..<Int.random(in: 0...30, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
                let html = highlighter.html(code)
                #expect(text(of: html) == code, "\(language.names[0]): \(code.debugDescription)")
                let tags = html.matches(of: /<\/?span[^>]*>/).map { $0.output.hasPrefix("</") }
                #expect(tags.enumerated().allSatisfy { $1 == ($0 % 2 == 1) }, "\(language.names[0]): \(code.debugDescription)")
                #expect(!html.replacingOccurrences(of: #"</?span[^>]*>"#, with: "", options: .regularExpression).contains("<"))
            }
        }
    }

    @Test func fencedCodeInAKnownLanguageIsHighlighted() {
        let markdown: Substring = "- item\n\n  ```swift title=\"A\"\n  let a = \"<b>\"\n  ```\n\n```text\nlet b\n```\n"
        let html = MarkdownRenderer(allowsRawHTML: false, rootPath: "/").render(markdown).html
        #expect(html.contains("""
            <li>
            <p>item</p>
            <pre tabindex="0" role="group" data-language="swift" aria-label="swift"><code class="language-swift"><span class="hl-keyword">let</span> a = <span class="hl-string">&quot;&lt;b&gt;&quot;</span>
            </code></pre>
            </li>
            """))
        #expect(html.contains("<pre tabindex=\"0\" role=\"group\" data-language=\"text\" aria-label=\"text\"><code class=\"language-text\">let b\n</code></pre>"))
    }

    /// Code is found in quotes and lists however deep they nest, without a call per level.
    @Test func codeDeepInQuotesIsHighlighted() {
        let prefix = String(repeating: "> ", count: 5_000)
        let markdown = ["```swift", "let a", "```"].map { prefix + $0 }.joined(separator: "\n")
        let html = MarkdownRenderer(allowsRawHTML: false, rootPath: "/").render(markdown[...]).html
        #expect(html.contains(#"<span class="hl-keyword">let</span> a"#))
    }

    @Test func withoutHighlightingCodeIsAsCmarkWritesIt() {
        let markdown: Substring = "```swift\nlet a = \"<b>\"\n```\n\n    indented\n"
        let plain = MarkdownRenderer(allowsRawHTML: false, highlightsCode: false, rootPath: "/").render(markdown).html
        // As cmark writes it but for the attributes every code block gets (HTMLRewriter).
        #expect(plain == "<pre tabindex=\"0\" role=\"group\" data-language=\"swift\" aria-label=\"swift\"><code class=\"language-swift\">let a = &quot;&lt;b&gt;&quot;\n</code></pre>\n<pre tabindex=\"0\"><code>indented\n</code></pre>\n")
        let highlighted = MarkdownRenderer(allowsRawHTML: true, rootPath: "/").render(markdown).html
        #expect(highlighted.hasSuffix("<pre tabindex=\"0\"><code>indented\n</code></pre>\n") && highlighted.contains("hl-keyword"))
    }

    @Test func owlYmlTurnsItOff() throws {
        let site = try SiteFixture(nil)
        defer { site.remove() }
        try site.write("content/code.md", "---\ntitle: Code\n---\n\n```swift\nlet a = 1\n```\n")
        #expect(try site.build().status == 0)
        #expect(try site.page("code/index.html").contains(#"<span class="hl-keyword">let</span>"#))
        try site.write("owl.yml", "highlight: false\n")
        #expect(try site.build().status == 0)
        #expect(try site.page("code/index.html").contains("<code class=\"language-swift\">let a = 1\n</code>"))
        try site.write("owl.yml", "title: T\nhighlight: sometimes\n")
        let refused = try site.build()
        #expect(refused.status == 1 && refused.standardError.contains("owl.yml:2"))
    }
}
